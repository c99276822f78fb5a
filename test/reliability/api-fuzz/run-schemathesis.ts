/**
 * Runs Schemathesis, as pinned in requirements.txt beside this file, against a server's
 * /__local/openapi.json, with this directory's config and hooks. The venv comes from
 * scripts/ensure-schemathesis.sh (made on first use, then reused).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fuzzSeed } from "../../support/seed";

const HERE = __dirname;
const ROOT = resolve(HERE, "..", "..", "..");

/** The budget of one run, from the environment (see the api-fuzz project of vitest.config.ts). */
export interface FuzzBudget {
  maxTimeSeconds: number;
  examples: number;
  seed: number;
  /** Where the seed came from: "API_FUZZ_SEED", or test/support/seed.ts's source. */
  seedSource: string;
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a whole number from 1, got "${raw}"`);
  return Number(raw);
}

/**
 * API_FUZZ_MAX_TIME (default 120 s), API_FUZZ_EXAMPLES (default 25), API_FUZZ_SEED (default
 * the commit's seed, or FUZZ_SEED: test/support/seed.ts).
 */
export function budgetFromEnv(): FuzzBudget {
  const common = fuzzSeed();
  const own = process.env.API_FUZZ_SEED;
  return {
    maxTimeSeconds: positiveInt("API_FUZZ_MAX_TIME", 120),
    examples: positiveInt("API_FUZZ_EXAMPLES", 25),
    seed: positiveInt("API_FUZZ_SEED", common.seed),
    seedSource: own !== undefined && own !== "" ? "API_FUZZ_SEED" : common.source,
  };
}

/** The venv's python; makes the venv on first use. Throws with the fix when python3 is missing. */
export function schemathesisPython(): string {
  const out = execFileSync("bash", [join(ROOT, "scripts", "ensure-schemathesis.sh")], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    timeout: 900_000,
  });
  return out.trim().split("\n").pop()!;
}

/** What a run printed and how it ended. */
export interface FuzzRun {
  exitCode: number;
  output: string;
  /** "Test cases: N generated" of the summary. */
  generated: number;
}

/** Runs Schemathesis with every check against `baseUrl`, authenticated with `apiKey`. */
export function runSchemathesis(python: string, baseUrl: string, apiKey: string, budget: FuzzBudget): Promise<FuzzRun> {
  const args = [
    "-m",
    "schemathesis.cli",
    "--config-file",
    join(HERE, "schemathesis.toml"),
    "run",
    `${baseUrl}/__local/openapi.json`,
    "--url",
    baseUrl,
    "--header",
    `Authorization: Bearer ${apiKey}`,
    "--checks",
    "all",
    // Deleting a monitor deletes its incidents, as the service does. "Created resource not
    // found" (ST302) knows only a DELETE of the resource itself, so an incident stored, then
    // its monitor deleted, then the incident written (a sequence of the stateful phase with
    // seed 630817861) looks to it like a lost create. The config file's switch for it does not
    // hold against `--checks all`; this does.
    "--exclude-checks",
    "ensure_resource_availability",
    "--max-examples",
    String(budget.examples),
    "--max-time",
    String(budget.maxTimeSeconds),
    "--seed",
    String(budget.seed),
    "--workers",
    "1",
    "--request-timeout",
    "30",
  ];
  // Reports and caches land in a scratch directory, not in the checkout.
  const cwd = mkdtempSync(join(tmpdir(), "api-fuzz-"));
  const env = { ...process.env, SCHEMATHESIS_HOOKS: "hooks", PYTHONPATH: HERE, NO_COLOR: "1", COLUMNS: "160" };
  return new Promise((resolvePromise, reject) => {
    const child = spawn(python, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.once("error", reject);
    child.once("close", (code) => {
      const generated = Number(/(\d+) generated/.exec(output)?.[1] ?? NaN);
      resolvePromise({ exitCode: code ?? -1, output, generated });
    });
  });
}
