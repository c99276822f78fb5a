/**
 * Compile checks of the docs' examples (docs/examples) against the generated SDKs: each
 * writes the programs into a fresh directory under test/e2e/.work (inside the checkout, so
 * `@pulumi-uptime/uptime` resolves to dist/sdk/nodejs through node_modules) and answers
 * whether the compiler accepted them, with its output. Tests feed them a broken program too.
 */
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPO, WORK } from "../e2e/harness";
import { ensureVenv } from "../support/python-venv";
import { TSC, writeTsconfig } from "../support/typescript-program";

const run = promisify(execFile);

/** What a compiler said. */
export interface CheckResult {
  ok: boolean;
  output: string;
}

async function check(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CheckResult> {
  try {
    const { stdout, stderr } = await run(cmd, args, { cwd, env, timeout: 900_000 });
    return { ok: true, output: stdout + stderr };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${err.stdout ?? ""}${err.stderr ?? ""}` || err.message };
  }
}

function freshDir(label: string): string {
  mkdirSync(WORK, { recursive: true });
  return mkdtempSync(join(WORK, `docs-examples-${label}-`));
}

/** `tsc --noEmit` (strict) over the programs, each its own module named `<name>.ts`. */
export async function typecheckTypeScript(programs: Record<string, string>): Promise<CheckResult> {
  const dir = freshDir("ts");
  for (const [name, source] of Object.entries(programs)) writeFileSync(join(dir, `${name}.ts`), source);
  writeTsconfig(dir, { noEmit: true, types: [] });
  return check(process.execPath, [TSC, "-p", dir], dir);
}

/**
 * `go vet ./...` over the programs, each a `main` package in its own folder of one module
 * whose go.mod and go.sum are examples/go's, with the SDK replaced by sdk/go in this checkout.
 */
export async function vetGo(programs: Record<string, string>): Promise<CheckResult> {
  const dir = freshDir("go");
  const goMod = readFileSync(join(REPO, "examples", "go", "go.mod"), "utf8")
    .replace(/^module .*$/m, "module uptime-docs-examples")
    .replace(/=> \.\.\/\.\.\/sdk\/go/, `=> ${join(REPO, "sdk", "go")}`);
  writeFileSync(join(dir, "go.mod"), goMod);
  copyFileSync(join(REPO, "examples", "go", "go.sum"), join(dir, "go.sum"));
  for (const [name, source] of Object.entries(programs)) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, "main.go"), source);
  }
  return check("go", ["vet", "./..."], dir, { ...process.env, GOWORK: "off", GOFLAGS: "-mod=mod" });
}

/** The venv holding mypy and the Pulumi Python SDK, cached under .tools (built once, ~25 s). */
const PY_VENV = join(REPO, ".tools", "docs-examples-venv");
const PY_REQUIREMENTS = join(__dirname, "python-examples-requirements.txt");

/** The venv of python-examples-requirements.txt (test/support/python-venv.ts). */
function pythonVenv(): Promise<string> {
  return ensureVenv({ dir: PY_VENV, requirements: PY_REQUIREMENTS });
}

/**
 * mypy over the programs (`<name>.py` each) with sdk/python on its path; the SDK's own
 * modules are read for types but not reported on (`--follow-imports=silent`), so only the
 * examples are judged.
 */
export async function typecheckPython(programs: Record<string, string>): Promise<CheckResult> {
  const bin = await pythonVenv();
  const dir = freshDir("py");
  for (const [name, source] of Object.entries(programs)) writeFileSync(join(dir, `example_${name}.py`), source);
  const env = { ...process.env, MYPYPATH: join(REPO, "sdk", "python") };
  return check(join(bin, "mypy"), ["--follow-imports=silent", "--cache-dir", join(dir, ".mypy_cache"), "."], dir, env);
}
