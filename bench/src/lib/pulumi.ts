/**
 * Drives the Pulumi CLI built by scripts/build-pulumi.sh (.tools/pulumi/bin) offline, the
 * way test/e2e/harness.ts does (that file is TypeScript run by vitest and finds the repo
 * from its own location, so the compiled bench keeps its own copy of the few lines it
 * needs): a temp PULUMI_HOME, a file backend, a passphrase, the offline switches of
 * scripts/pulumi-env.sh, and the project run in place with its stack config in a temp
 * file (`--config-file`), so nothing is written into the checkout.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The checkout (bench/dist/lib -> repo). */
export const REPO = resolve(__dirname, "..", "..", "..");
export const PULUMI_BIN = join(REPO, ".tools", "pulumi", "bin");
export const FIXTURES = join(REPO, "bench", "fixtures");
/** The command line as npm installs it: package.json's `pulumi-uptime` bin (dist/bin's bundles). */
export const CLI_BIN = join(
  REPO,
  (JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { bin: Record<string, string> }).bin[
    "pulumi-uptime"
  ],
);
const PASSPHRASE = "bench-passphrase";

/** One CLI run. */
export interface RunResult {
  args: string[];
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
  /** CPU time (user + system) of the run's processes by role, when sampled (Linux /proc). */
  cpuMs?: Record<string, number>;
}

/** The role of an engine process, from its command line. */
function roleOf(cmdline: string): string {
  if (/dynamic-provider/.test(cmdline)) return "dynamic provider (node)";
  if (/cmd\/run\b/.test(cmdline)) return "program (node)";
  if (/pulumi-language-nodejs/.test(cmdline)) return "language host (Go)";
  if (/\/pulumi\s/.test(`${cmdline} `)) return "engine / CLI (Go)";
  return "other";
}

/**
 * Samples, every 100 ms until stopped, the CPU time of every process whose environment
 * holds `marker` (the stack's scratch dir, in PULUMI_HOME): the CLI and everything it starts.
 * Returns the last seen total per role. A process that ends between samples loses at most
 * its last 100 ms. Empty where /proc is unavailable.
 */
function sampleCpu(marker: string): () => Record<string, number> {
  const seen = new Map<string, { role: string; ms: number }>();
  const tick = Number(process.env.CLK_TCK ?? 100);
  const sample = () => {
    let pids: string[];
    try {
      pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
    } catch {
      return;
    }
    for (const pid of pids) {
      try {
        if (!seen.has(pid) && !readFileSync(`/proc/${pid}/environ`, "utf8").includes(marker)) continue;
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
        const ms = ((Number(stat[11]) + Number(stat[12])) * 1000) / tick;
        const role = seen.get(pid)?.role ?? roleOf(readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " "));
        seen.set(pid, { role, ms });
      } catch {
        // gone, or not ours to read
      }
    }
  };
  const timer = setInterval(sample, 100);
  sample();
  return () => {
    clearInterval(timer);
    sample();
    const out: Record<string, number> = {};
    for (const { role, ms } of seen.values()) out[role] = (out[role] ?? 0) + ms;
    return out;
  };
}

/** Throws with a clear message when the CLI or dist/ is missing. */
export function assertPrerequisites(): void {
  for (const b of ["pulumi", "pulumi-language-nodejs", "pulumi-resource-pulumi-nodejs"]) {
    try {
      accessSync(join(PULUMI_BIN, b), constants.X_OK);
    } catch {
      throw new Error(`${join(PULUMI_BIN, b)} is missing: run \`bash scripts/build-pulumi.sh\` (npm run bench does).`);
    }
  }
  if (!existsSync(join(REPO, "dist", "dynamic", "runtime.js")))
    throw new Error("dist/ is missing: run `npm run build`.");
  if (!existsSync(join(REPO, "node_modules", "pulumi-uptime", "package.json")))
    throw new Error("node_modules/pulumi-uptime is missing: run `node scripts/link-self.js`.");
}

/** `pulumi version`. */
export async function cliVersion(): Promise<string> {
  const r = await exec(join(PULUMI_BIN, "pulumi"), ["version"], REPO, {
    ...process.env,
    PULUMI_SKIP_UPDATE_CHECK: "true",
  });
  return r.stdout.trim();
}

function exec(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 900_000,
): Promise<RunResult> {
  const started = Date.now();
  return new Promise((res, rej) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      rej(e);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      res({
        args,
        code: code ?? -1,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        ms: Date.now() - started,
      });
    });
  });
}

/** Compiles a fixture project (`tsc -p`) into its bin/. */
export async function buildFixture(name: string): Promise<void> {
  const dir = join(FIXTURES, name);
  const r = await exec(
    process.execPath,
    [join(REPO, "node_modules", "typescript", "bin", "tsc"), "-p", dir],
    dir,
    process.env,
  );
  if (r.code !== 0) throw new Error(`tsc -p ${dir} failed:\n${r.stdout}\n${r.stderr}`);
}

/** A stack of one fixture project in its own PULUMI_HOME and file backend. */
export class BenchStack {
  private constructor(
    readonly dir: string,
    private readonly scratch: string,
    readonly stack: string,
    private readonly configFile: string,
    private readonly extraEnv: Record<string, string>,
  ) {}

  /** Creates the stack and sets its config (`secret` values with --secret). */
  static async create(
    fixture: string,
    config: Record<string, string | { value: string; secret: true }>,
    env: Record<string, string> = {},
  ): Promise<BenchStack> {
    assertPrerequisites();
    const dir = join(FIXTURES, fixture);
    const scratch = mkdtempSync(join(tmpdir(), "pulumi-uptime-bench-"));
    mkdirSync(join(scratch, "home"));
    mkdirSync(join(scratch, "backend"));
    const stack = `bench-${randomBytes(4).toString("hex")}`;
    const s = new BenchStack(dir, scratch, stack, join(scratch, `Pulumi.${stack}.yaml`), env);
    await s.must(["stack", "init", stack, "--non-interactive"]);
    // `stack init` writes Pulumi.<stack>.yaml (the passphrase's salt) beside Pulumi.yaml: move it out.
    const written = join(dir, `Pulumi.${stack}.yaml`);
    if (existsSync(written)) renameSync(written, s.configFile);
    for (const [k, v] of Object.entries(config)) {
      const secret = typeof v !== "string";
      await s.must([
        "config",
        "set",
        ...s.common(),
        ...(secret ? ["--secret"] : []),
        k,
        "--",
        typeof v === "string" ? v : v.value,
      ]);
    }
    return s;
  }

  /** The environment of this stack's CLI runs: its PULUMI_HOME, file backend and passphrase. */
  env(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!/^(PULUMI_|UPTIME_|NODE_OPTIONS$)/.test(k)) env[k] = v;
    return {
      ...env,
      PATH: `${PULUMI_BIN}:${process.env.PATH ?? ""}`,
      PULUMI_HOME: join(this.scratch, "home"),
      PULUMI_BACKEND_URL: `file://${join(this.scratch, "backend")}`,
      PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
      PULUMI_SKIP_CONFIRMATIONS: "true",
      ...this.extraEnv,
    };
  }

  private common(): string[] {
    return ["--stack", this.stack, "--non-interactive", "--color", "never", "--config-file", this.configFile];
  }

  /** Runs the CLI on this stack; `env` adds to (or replaces in) the stack's environment for this run. */
  run(args: string[], env: Record<string, string> = {}): Promise<RunResult> {
    return exec(join(PULUMI_BIN, "pulumi"), args, this.dir, { ...this.env(), ...env });
  }

  async must(args: string[]): Promise<RunResult> {
    const r = await this.run(args);
    if (r.code !== 0)
      throw new Error(
        `pulumi ${args.slice(0, 2).join(" ")} exited ${r.code}:\n${r.stdout.slice(-4000)}\n${r.stderr.slice(-4000)}`,
      );
    return r;
  }

  up(extra: string[] = []): Promise<RunResult> {
    return this.run(["up", "--yes", "--skip-preview", "--suppress-progress", ...this.common(), ...extra]);
  }

  /** `up`, with the CPU time of the engine's processes by role (RunResult.cpuMs). */
  async upSampled(extra: string[] = []): Promise<RunResult> {
    const stop = sampleCpu(this.scratch);
    const r = await this.up(extra);
    return { ...r, cpuMs: stop() };
  }

  /** Runs `run` with the CPU time of the engine's processes by role (RunResult.cpuMs). */
  async sampled(run: () => Promise<RunResult>): Promise<RunResult> {
    const stop = sampleCpu(this.scratch);
    const r = await run();
    return { ...r, cpuMs: stop() };
  }

  /** `pulumi config set` on this stack (plain text). */
  async setConfig(key: string, value: string): Promise<void> {
    await this.must(["config", "set", ...this.common(), key, "--", value]);
  }

  preview(extra: string[] = [], env: Record<string, string> = {}): Promise<RunResult> {
    return this.run(["preview", "--suppress-progress", ...this.common(), ...extra], env);
  }

  refresh(extra: string[] = []): Promise<RunResult> {
    return this.run(["refresh", "--yes", "--skip-preview", "--suppress-progress", ...this.common(), ...extra]);
  }

  destroy(extra: string[] = []): Promise<RunResult> {
    return this.run(["destroy", "--yes", "--skip-preview", "--suppress-progress", ...this.common(), ...extra]);
  }

  /** `pulumi stack export` as text. */
  async exportText(): Promise<string> {
    return (await this.must(["stack", "export", "--stack", this.stack, "--non-interactive"])).stdout;
  }

  /** Removes PULUMI_HOME, the backend and the config file. */
  dispose(): void {
    rmSync(this.scratch, { recursive: true, force: true });
    rmSync(join(this.dir, `Pulumi.${this.stack}.yaml`), { force: true });
  }
}

/** Counts in a text-mode summary (`+ 200 created`, `200 unchanged`, ...). */
export function summary(output: string): Record<string, number> {
  const out: Record<string, number> = {};
  const re =
    /^\s*(\+-|[+~-])?\s*(\d+)\s+(to create|created|to update|updated|to replace|replaced|to delete|deleted|unchanged|to refresh|refreshed)\b/gm;
  for (const m of output.matchAll(re)) {
    const verb = m[3].replace(/^to /, "");
    const key =
      (
        {
          created: "create",
          updated: "update",
          replaced: "replace",
          deleted: "delete",
          refreshed: "refresh",
        } as Record<string, string>
      )[verb] ?? verb;
    out[key] = (out[key] ?? 0) + Number(m[2]);
  }
  return out;
}
