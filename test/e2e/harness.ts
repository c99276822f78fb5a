/**
 * Runs Pulumi projects under the REAL Pulumi engine (the CLI built into .tools/pulumi/bin by
 * scripts/build-pulumi.sh) against an in-process local server.
 *
 * Every stack gets its own PULUMI_HOME and file backend in temp dirs, a passphrase, and the
 * offline switches of scripts/pulumi-env.sh. Fixture projects are copied into
 * test/e2e/.work/<id>/ (git-ignored): inside the repo, so `require("pulumi-uptime")` resolves
 * through <repo>/node_modules/pulumi-uptime (a link to the checkout), both in the program and
 * in the engine's dynamic-provider process, which requires "pulumi-uptime/runtime" from the
 * program's directory. Projects that must run where they are (the root Pulumi.yaml, examples/)
 * run in place with their stack config in a temp file (`--config-file`), so nothing is left
 * behind in the checkout.
 *
 * The CLI is run directly and asynchronously (the server lives in this process: a blocking
 * call would starve it). Every command's full output is kept in `stack.log` so that tests can
 * scan the engine's output for secrets.
 *
 * A missing CLI or dist/ FAILS the run (throws) with the command that fixes it; it never
 * skips, under CI=true or locally.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  constants,
  accessSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { urnName } from "../../src/util/urn";

/** The checkout. */
export const REPO = resolve(__dirname, "..", "..");
/** Where scripts/build-pulumi.sh puts the CLI, the language host and the dynamic-provider launcher. */
export const PULUMI_BIN = join(REPO, ".tools", "pulumi", "bin");
/** The CLI scripts/build-pulumi.sh puts beside the hosts (PULUMI_VERSION there), which the suite runs. */
export const CLI_VERSION = "v3.274.1";
/** Directory of the CLI of one version built with `--cli` (the language hosts stay in PULUMI_BIN). */
export function cliDir(version: string): string {
  return join(REPO, ".tools", "pulumi", "cli", version);
}
/**
 * The suite's CLI: CLI_VERSION beside the hosts, or another one PULUMI_CLI_VERSION names (built
 * by `scripts/build-pulumi.sh`, e.g. v3.248.0, which has no `pulumi do`).
 */
export const SUITE_CLI_VERSION = process.env.PULUMI_CLI_VERSION || CLI_VERSION;
/** Where the suite's CLI is. */
export const PULUMI_CLI_DIR = SUITE_CLI_VERSION === CLI_VERSION ? PULUMI_BIN : cliDir(SUITE_CLI_VERSION);
/** The suite's `pulumi`. */
export const PULUMI = join(PULUMI_CLI_DIR, "pulumi");
/** A Node.js release scripts/ensure-node.js keeps, and the directory holding its `node`. */
export interface NodeRelease {
  version: string;
  dir: string;
}
let nodes: { newest: NodeRelease; floor: NodeRelease } | undefined;
/** The newest LTS and the engines floor, fetched by scripts/ensure-node.js when missing. */
export function ensuredNodes(): { newest: NodeRelease; floor: NodeRelease } {
  nodes ??= (() => {
    const [newest, floor] = execFileSync(process.execPath, [join(REPO, "scripts", "ensure-node.js")], {
      encoding: "utf8",
    })
      .trim()
      .split("\n")
      .map((line) => {
        const [version, dir] = line.split(" ");
        return { version, dir };
      });
    return { newest, floor };
  })();
  return nodes;
}
/**
 * The Node.js the suite's programs, providers and plugin run on: the newest LTS (the machine's
 * own may be older than our engines floor). E2E_MACHINE_NODE=1 keeps the machine's.
 */
function suiteNodeDir(): string[] {
  return process.env.E2E_MACHINE_NODE === "1" ? [] : [ensuredNodes().newest.dir];
}
/** PATH entries in front of the caller's: the suite's CLI, then the hosts and launchers. */
export function pulumiPath(): string {
  return [...new Set([PULUMI_CLI_DIR, PULUMI_BIN])].join(":");
}
/** The PATH of the suite's commands: its Node.js, then pulumiPath(), then the caller's. */
export function suitePath(): string {
  return [...suiteNodeDir(), pulumiPath(), process.env.PATH ?? ""].join(":");
}
/** Fixture projects. */
export const FIXTURES = join(__dirname, "fixtures");
/** Scratch copies of fixtures (git-ignored). */
export const WORK = join(__dirname, ".work");
/** Passphrase of every test stack's secrets. */
export const PASSPHRASE = "e2e-test-passphrase";
/** Default stack name. */
export const STACK = "e2e";
/** Where `npm run plugin` puts the provider plugin's launcher and tarball. */
export const PLUGIN_DIR = join(REPO, "dist", "plugin");
/** The provider plugin's launcher. */
export const PLUGIN_LAUNCHER = join(PLUGIN_DIR, "pulumi-resource-uptime");

const NEEDED_BINARIES = [
  "pulumi",
  "pulumi-language-nodejs",
  "pulumi-language-yaml",
  "pulumi-language-go",
  "pulumi-language-java",
  "pulumi-gen-uptime",
  "pulumi-resource-pulumi-nodejs",
  // Runs Node.js policy packs (--policy-pack), started by the patched Node.js host.
  "pulumi-analyzer-policy",
];

/** Throws unless the CLI is built and the package compiled: never a silent skip. */
export function assertPrerequisites(): void {
  if (PULUMI_CLI_DIR !== PULUMI_BIN && !existsSync(PULUMI)) {
    throw new Error(
      `PULUMI_CLI_VERSION=${process.env.PULUMI_CLI_VERSION} but ${relative(REPO, PULUMI)} is missing: run \`bash scripts/build-pulumi.sh\` (it builds that version too).`,
    );
  }
  const missing = NEEDED_BINARIES.filter((b) => {
    try {
      accessSync(join(PULUMI_BIN, b), constants.X_OK);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length) {
    throw new Error(
      `The end-to-end suite needs the Pulumi CLI in ${relative(REPO, PULUMI_BIN)}/ but ${missing.join(", ")} ` +
        `${missing.length === 1 ? "is" : "are"} missing${process.env.CI === "true" ? " (CI=true: this is a failure, never a skip)" : ""}. ` +
        "Run `bash scripts/build-pulumi.sh` (or `npm run test:e2e`, which runs it first).",
    );
  }
  for (const f of ["dist/index.js", "dist/dynamic/runtime.js"]) {
    if (!existsSync(join(REPO, f)))
      throw new Error(`${f} is missing: run \`npm run build\` before the end-to-end suite.`);
  }
  if (!existsSync(join(REPO, "node_modules", "pulumi-uptime", "package.json"))) {
    throw new Error(
      "node_modules/pulumi-uptime is missing: run `node scripts/link-self.js` (npm install's prepare step does it).",
    );
  }
}

/** Throws unless `npm run plugin` has built the provider plugin (the YAML fixtures run it). */
export function assertPluginBuilt(): void {
  if (!existsSync(PLUGIN_LAUNCHER)) {
    throw new Error(
      `${relative(REPO, PLUGIN_LAUNCHER)} is missing: run \`npm run plugin\` (or \`npm run test:e2e\`, which runs it first).`,
    );
  }
}

/** The environment of every Pulumi command: scripts/pulumi-env.sh's variables, set in code. */
export function pulumiEnv(home: string, backendDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // Nothing of the developer's own Pulumi or uptime setup, nor the test runner's, leaks in.
    if (/^(PULUMI_|UPTIME_|VITEST|NODE_OPTIONS$|NODE_ENV$)/.test(k)) continue;
    env[k] = v;
  }
  return {
    ...env,
    PATH: suitePath(),
    PULUMI_HOME: home,
    PULUMI_BACKEND_URL: `file://${backendDir}`,
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
    PULUMI_SKIP_CONFIRMATIONS: "true",
    ...extra,
  };
}

/** One CLI invocation. */
export interface RunResult {
  args: string[];
  code: number;
  stdout: string;
  stderr: string;
  /** stdout then stderr. */
  output: string;
  ms: number;
}

/** Options of {@link E2EStack.create}. */
export interface StackOptions {
  /**
   * Fixture name under test/e2e/fixtures (copied to .work), or an absolute project dir with
   * `inPlace`; with `files`, the new project's name.
   */
  project: string;
  /** Write a new project of these files (name → text) into .work instead of copying a fixture. */
  files?: Record<string, string>;
  /** Run the project where it is (its stack config goes to a temp file). Default: copy the fixture. */
  inPlace?: boolean;
  /** With `inPlace`: keep the stack config file in the project (a scratch project outside the checkout's tracked files). */
  configInProject?: boolean;
  /** The server the providers talk to: sets uptime:baseUrl and (secret) uptime:apiKey. */
  server?: { url: string; apiKey: string };
  /** Further stack config: plain strings, or { value, secret }. */
  config?: Record<string, string | { value: string; secret?: boolean }>;
  /** Extra environment of every command (e.g. values a fixture reads from process.env). */
  env?: Record<string, string>;
  /** Stack name. Default "e2e" (in-place projects get a unique one). */
  stack?: string;
  /** Per-command timeout. Default 240 s. */
  timeoutMs?: number;
  /** Directories first on every command's PATH, before the CLI's (another Node.js: the language host runs `node`). */
  pathFirst?: string[];
}

let counter = 0;

/** A stack of one project in its own PULUMI_HOME and file backend. */
export class E2EStack {
  /** Every command run so far, for scanning the engine's output. */
  readonly log: RunResult[] = [];
  private extraEnv: Record<string, string>;

  private constructor(
    /** The project directory the CLI runs in. */
    readonly dir: string,
    readonly home: string,
    /** The file backend's directory (state, history, backups). */
    readonly backendDir: string,
    readonly stack: string,
    /** The stack config file passed with --config-file (in-place projects), else undefined. */
    readonly configFile: string | undefined,
    private readonly owned: string[],
    private readonly timeoutMs: number,
    env: Record<string, string>,
    private readonly pathFirst: string[],
  ) {
    this.extraEnv = env;
  }

  /** Copies the fixture (or uses the project in place), creates the stack and sets its config. */
  static async create(options: StackOptions): Promise<E2EStack> {
    assertPrerequisites();
    const id = `${process.pid}-${++counter}-${randomBytes(3).toString("hex")}`;
    const scratch = mkdtempSync(join(tmpdir(), "pulumi-uptime-e2e-"));
    const home = join(scratch, "home");
    const backendDir = join(scratch, "backend");
    mkdirSync(home);
    mkdirSync(backendDir);
    const owned = [scratch];
    let dir: string;
    let configFile: string | undefined;
    let stack = options.stack ?? STACK;
    if (options.inPlace) {
      dir = options.project;
      stack = options.stack ?? `e2e-${id}`;
      configFile = options.configInProject ? undefined : join(scratch, `Pulumi.${stack}.yaml`);
    } else if (options.files) {
      dir = join(WORK, `${options.project}-${id}`);
      mkdirSync(dir, { recursive: true });
      for (const [name, text] of Object.entries(options.files)) {
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), text);
      }
      owned.push(dir);
    } else {
      const src = join(FIXTURES, options.project);
      if (!existsSync(join(src, "Pulumi.yaml"))) throw new Error(`no fixture project at ${src}`);
      dir = join(WORK, `${options.project}-${id}`);
      mkdirSync(WORK, { recursive: true });
      cpSync(src, dir, { recursive: true });
      owned.push(dir);
    }
    const s = new E2EStack(
      dir,
      home,
      backendDir,
      stack,
      configFile,
      owned,
      options.timeoutMs ?? 240_000,
      {
        ...(options.env ?? {}),
      },
      options.pathFirst ?? [],
    );
    try {
      await s.mustRun(["stack", "init", stack]);
      if (configFile) {
        // `stack init` writes the passphrase's salt to Pulumi.<stack>.yaml beside Pulumi.yaml:
        // move it out of the checkout; every later command reads it through --config-file.
        const written = join(dir, `Pulumi.${stack}.yaml`);
        if (existsSync(written)) renameSync(written, configFile);
      }
      if (options.server) {
        await s.setConfig("uptime:baseUrl", options.server.url);
        await s.setConfig("uptime:apiKey", options.server.apiKey, true);
      }
      for (const [k, v] of Object.entries(options.config ?? {})) {
        if (typeof v === "string") await s.setConfig(k, v);
        else await s.setConfig(k, v.value, v.secret);
      }
    } catch (err) {
      s.dispose();
      throw err;
    }
    return s;
  }

  /** Sets or replaces an environment variable of later commands. */
  setEnv(name: string, value: string | undefined): void {
    if (value === undefined) delete this.extraEnv[name];
    else this.extraEnv[name] = value;
  }

  /** Runs `pulumi <args>` in the project directory; never throws on a non-zero exit. */
  run(args: string[]): Promise<RunResult> {
    const full = [...args];
    const started = Date.now();
    return new Promise<RunResult>((resolvePromise, reject) => {
      const child = spawn(PULUMI, full, {
        cwd: this.dir,
        env: {
          ...pulumiEnv(this.home, this.backendDir, this.extraEnv),
          // A PATH the stack was given (setEnv, env) is used as given; else this stack's CLI first.
          PATH: [...this.pathFirst, this.extraEnv.PATH ?? suitePath()].join(":"),
        },
        stdio: ["ignore", "pipe", "pipe"],
        // Its own process group, so that a timeout also ends the language host and providers.
        detached: true,
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on("data", (b: Buffer) => out.push(b));
      child.stderr.on("data", (b: Buffer) => err.push(b));
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          child.kill("SIGKILL");
        }
      }, this.timeoutMs);
      child.on("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        const stdout = Buffer.concat(out).toString("utf8");
        const stderr =
          Buffer.concat(err).toString("utf8") +
          (signal ? `\n[e2e harness: killed by ${signal} after ${this.timeoutMs} ms]` : "");
        const r: RunResult = {
          args: full,
          code: code ?? -1,
          stdout,
          stderr,
          output: `${stdout}\n${stderr}`,
          ms: Date.now() - started,
        };
        this.log.push(r);
        if (process.env.E2E_VERBOSE) console.log(`$ pulumi ${shown(full)}  (${r.ms} ms, exit ${r.code})\n${r.output}`);
        resolvePromise(r);
      });
    });
  }

  /** Runs and throws with the full output on a non-zero exit. */
  async mustRun(args: string[]): Promise<RunResult> {
    const r = await this.run(args);
    if (r.code !== 0) throw new Error(`pulumi ${shown(args)} exited ${r.code} after ${r.ms} ms:\n${r.output}`);
    return r;
  }

  private common(): string[] {
    return [
      "--stack",
      this.stack,
      "--non-interactive",
      "--color",
      "never",
      ...(this.configFile ? ["--config-file", this.configFile] : []),
    ];
  }

  /** `pulumi config set [--secret] [--path] key value` (`path`: a key such as `uptime:defaults.alerts[0].value`). */
  async setConfig(key: string, value: string, secret = false, path = false): Promise<void> {
    const flags = [...(secret ? ["--secret"] : []), ...(path ? ["--path"] : [])];
    // `--` so that values starting with "-" are not read as flags.
    await this.mustRun(["config", "set", ...this.common(), ...flags, key, "--", value]);
  }

  /** `pulumi config rm key`. */
  async removeConfig(key: string): Promise<void> {
    await this.mustRun(["config", "rm", ...this.common(), key]);
  }

  /** `pulumi up --yes --skip-preview`. */
  up(extra: string[] = []): Promise<RunResult> {
    return this.run(["up", "--yes", "--skip-preview", "--suppress-progress", ...this.common(), ...extra]);
  }

  /** `pulumi preview` (add `--expect-no-changes` to fail on any change). */
  preview(extra: string[] = []): Promise<RunResult> {
    return this.run(["preview", "--suppress-progress", ...this.common(), ...extra]);
  }

  /** `pulumi refresh --yes --skip-preview`. */
  refresh(extra: string[] = []): Promise<RunResult> {
    return this.run(["refresh", "--yes", "--skip-preview", "--suppress-progress", ...this.common(), ...extra]);
  }

  /** `pulumi import <type> <name> <id> --yes` (add `--out <file>` for the generated code). */
  importResource(type: string, name: string, id: string, extra: string[] = []): Promise<RunResult> {
    return this.run(["import", type, name, id, "--yes", "--suppress-progress", ...this.common(), ...extra]);
  }

  /** Rewrites a file of the project (the program, as a user editing it would). */
  editFile(file: string, edit: (text: string) => string): void {
    const path = join(this.dir, file);
    writeFileSync(path, edit(readFileSync(path, "utf8")));
  }

  /**
   * `pulumi refresh --preview-only` (the gitops drift check; add `--expect-no-changes`).
   * It refuses the `--yes` that PULUMI_SKIP_CONFIRMATIONS implies, so that is off for it.
   */
  async refreshPreview(extra: string[] = []): Promise<RunResult> {
    const saved = this.extraEnv.PULUMI_SKIP_CONFIRMATIONS;
    this.extraEnv.PULUMI_SKIP_CONFIRMATIONS = "false";
    try {
      return await this.run(["refresh", "--preview-only", "--suppress-progress", ...this.common(), ...extra]);
    } finally {
      if (saved === undefined) delete this.extraEnv.PULUMI_SKIP_CONFIRMATIONS;
      else this.extraEnv.PULUMI_SKIP_CONFIRMATIONS = saved;
    }
  }

  /** `pulumi destroy --yes --skip-preview`. */
  destroy(extra: string[] = []): Promise<RunResult> {
    return this.run(["destroy", "--yes", "--skip-preview", "--suppress-progress", ...this.common(), ...extra]);
  }

  /** `pulumi stack export` (secrets stay encrypted): the raw text and the parsed deployment. */
  async stackExport(): Promise<{ text: string; json: StackExport }> {
    const r = await this.mustRun(["stack", "export", "--stack", this.stack, "--non-interactive"]);
    return { text: r.stdout, json: JSON.parse(r.stdout) as StackExport };
  }

  /** The stack's outputs (`pulumi stack output --json`; secrets shown as "[secret]" unless `showSecrets`). */
  async outputs(showSecrets = false): Promise<Record<string, unknown>> {
    const r = await this.mustRun([
      "stack",
      "output",
      "--json",
      ...(showSecrets ? ["--show-secrets"] : []),
      "--stack",
      this.stack,
      "--non-interactive",
    ]);
    return JSON.parse(r.stdout) as Record<string, unknown>;
  }

  /** The summary of the last update as recorded in history (`resourceChanges`, e.g. { update: 1, same: 3 }). */
  async lastChanges(): Promise<Record<string, number>> {
    const r = await this.mustRun(["stack", "history", "--json", "--stack", this.stack, "--non-interactive"]);
    const history = JSON.parse(r.stdout) as { resourceChanges?: Record<string, number> }[];
    return history[0]?.resourceChanges ?? {};
  }

  /** The stack's resources of one type, from `stack export`. */
  async resources(type?: string): Promise<ExportedResource[]> {
    const { json } = await this.stackExport();
    const all = json.deployment.resources ?? [];
    return type ? all.filter((r) => r.type === type) : all;
  }

  /** Every file under the file backend (state, history, backups, locks), for secret scans. */
  backendFiles(): { path: string; text: string }[] {
    return walk(this.backendDir).map((p) => ({ path: p, text: readFileSync(p, "utf8") }));
  }

  /** All output of the CLI so far (not the command lines, which hold the secret config values set), for secret scans. */
  allOutput(): string {
    return this.log.map((r) => `$ pulumi ${r.args[0]} ${r.args[1] ?? ""}\n${r.output}`).join("\n");
  }

  /** Removes the copy of the fixture, PULUMI_HOME and the backend (kept with E2E_KEEP=1). */
  dispose(): void {
    if (process.env.E2E_KEEP) {
      console.log(`E2E_KEEP: kept ${this.owned.join(", ")}`);
      return;
    }
    for (const p of this.owned) rmSync(p, { recursive: true, force: true });
    if (this.configFile === undefined) return;
    // An in-place project: make sure no stack config file was left in the checkout.
    rmSync(join(this.dir, `Pulumi.${this.stack}.yaml`), { force: true });
  }
}

/** A command line for logs, with the value of `config set --secret` masked. */
function shown(args: string[]): string {
  if (args[0] === "config" && args.includes("--secret")) return [...args.slice(0, -1), "[secret]"].join(" ");
  return args.join(" ");
}

/** Files under `dir`, recursively. */
export function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else out.push(p);
  }
  return out;
}

/** `pulumi stack export`'s shape, as far as the tests read it. */
export interface StackExport {
  version: number;
  deployment: { resources?: ExportedResource[]; secrets_providers?: unknown };
}

/** One resource of a stack export. */
export interface ExportedResource {
  urn: string;
  type: string;
  id?: string;
  custom?: boolean;
  external?: boolean;
  /** The provider reference: `<provider URN>::<provider id>`. */
  provider?: string;
  /** The parent's URN (a component's children). */
  parent?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

/** Resource types of the library's dynamic resources. */
export const MONITOR_TYPE = "pulumi-nodejs:dynamic/uptime:Monitor";
export const INCIDENT_TYPE = "pulumi-nodejs:dynamic/uptime:Incident";
/** Resource types of the provider plugin's resources. */
export const PLUGIN_MONITOR_TYPE = "uptime:index:Monitor";
export const PLUGIN_INCIDENT_TYPE = "uptime:index:Incident";

/** The value of an export's property, decrypting nothing: a secret shows as its envelope. */
export function isSecretEnvelope(v: unknown): boolean {
  return (
    typeof v === "object" &&
    v !== null &&
    (v as Record<string, unknown>)["4dabf18193072939515e22adb298388d"] === "1b47061264138c4ac30d75fd1eb44270"
  );
}

export { urnName };

/** The resource named `name` (logical name) of a given type. */
export function byName(resources: ExportedResource[], name: string): ExportedResource {
  const r = resources.find((x) => urnName(x.urn) === name);
  if (!r)
    throw new Error(
      `no resource named ${name} in the stack (have: ${resources.map((x) => urnName(x.urn)).join(", ")})`,
    );
  return r;
}

/** Which of `needles` occur in `haystack`, in plain or JSON-escaped form. */
export function leaks(haystack: string, needles: readonly string[]): string[] {
  return needles.filter((n) => haystack.includes(n) || haystack.includes(JSON.stringify(n).slice(1, -1)));
}

/** Counts of engine-reported operations in a text-mode output (`+ 2 to create`, `~ 1 updated`, …). */
export function summary(output: string): Record<string, number> {
  const out: Record<string, number> = {};
  const re =
    /^\s*(\+-|[+~=-])?\s*(\d+)\s+(to create|created|to update|updated|to replace|replaced|to delete|deleted|unchanged|to import|imported|to refresh|refreshed)\b/gm;
  for (const m of output.matchAll(re)) {
    const verb = m[3].replace(/^to /, "");
    const key =
      {
        created: "create",
        updated: "update",
        replaced: "replace",
        deleted: "delete",
        imported: "import",
        refreshed: "refresh",
      }[verb] ?? verb;
    out[key] = (out[key] ?? 0) + Number(m[2]);
  }
  return out;
}

/**
 * The two places a text-mode `up`/`preview` prints a diagnostic: the progress lines (as it
 * happens) and the `Diagnostics:` section (again, grouped by resource), which ends where
 * `Outputs:` or `Resources:` starts. A diagnostic said once appears once in each.
 */
export function outputSections(stdout: string): { progress: string; diagnostics: string } {
  const start = stdout.indexOf("\nDiagnostics:\n");
  if (start < 0) return { progress: stdout, diagnostics: "" };
  const rest = stdout.slice(start);
  const end = rest.search(/\n(Outputs|Resources):\n/);
  return { progress: stdout.slice(0, start), diagnostics: end < 0 ? rest : rest.slice(0, end) };
}

/** How many times `needle` occurs in `text` (non-overlapping). */
export function occurrences(text: string, needle: string): number {
  return needle ? text.split(needle).length - 1 : 0;
}

/** Formats a duration for logs. */
export function secs(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Throws with the command's full output unless it exited 0. */
export function ok(r: RunResult): RunResult {
  if (r.code !== 0) throw new Error(`pulumi ${shown(r.args)} exited ${r.code} after ${r.ms} ms:\n${r.output}`);
  return r;
}

/** Throws unless the command failed (non-zero exit). */
export function failed(r: RunResult): RunResult {
  if (r.code === 0) throw new Error(`pulumi ${shown(r.args)} was expected to fail but exited 0:\n${r.output}`);
  return r;
}

/** `resourceChanges` of the summary event in the output of `pulumi up|preview|destroy --json` (JSON lines). */
export function jsonSummary(stdout: string): Record<string, number> {
  for (const line of stdout.split("\n").reverse()) {
    if (!line.includes('"summaryEvent"')) continue;
    const event = JSON.parse(line) as { summaryEvent?: { resourceChanges?: Record<string, number> } };
    if (event.summaryEvent) return event.summaryEvent.resourceChanges ?? {};
  }
  throw new Error(`no summaryEvent in the --json output:\n${stdout.slice(-2000)}`);
}
