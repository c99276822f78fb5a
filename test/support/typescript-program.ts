/**
 * A user's TypeScript program in a test's scratch directory: the tsconfig.json such a program
 * has (strict CommonJS on ES2022, as examples/nodejs-sdk's), and the checkout's own `tsc`.
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** The compiler the checkout pins (run with `node`). */
export const TSC = join(resolve(__dirname, "..", ".."), "node_modules", "typescript", "bin", "tsc");

/** Writes `dir`/tsconfig.json over every `.ts` file of `dir`, with `options` beside the strict defaults. */
export function writeTsconfig(dir: string, options: Record<string, unknown>): void {
  const compilerOptions = {
    target: "ES2022",
    module: "CommonJS",
    moduleResolution: "node",
    strict: true,
    skipLibCheck: true,
    ...options,
  };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, include: ["*.ts"] }));
}

/** `tsc -p dir`; a failure throws with what the compiler said (on stdout, where tsc reports errors). */
export function compileTypeScript(dir: string): void {
  try {
    execFileSync(process.execPath, [TSC, "-p", dir], { encoding: "utf8", stdio: "pipe" });
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    // eslint-disable-next-line preserve-caught-error -- the message carries tsc's output; a cause would print it twice
    throw new Error(`tsc -p ${dir} failed:\n${e.stdout ?? ""}${e.stderr ?? ""}`);
  }
}
