/**
 * The layer rules that `npm run lint` runs (.dependency-cruiser.cjs), run as lint runs them
 * on two small trees under ./fixtures: one whose imports keep the layers passes; one with an
 * import cycle and each kind of import across the layers fails, naming every one of them.
 */
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..", "..");
const DEPCRUISE = join(ROOT, "node_modules", ".bin", "depcruise");
const CONFIG = join(ROOT, ".dependency-cruiser.cjs");

/** depcruise over `fixture`'s src, with the repository's rules; its exit code and the violations it printed. */
function cruise(fixture: string): { status: number | null; violations: string[]; output: string } {
  const run = spawnSync(DEPCRUISE, ["src", "--config", CONFIG, "--no-cache", "--output-type", "err"], {
    cwd: join(__dirname, "fixtures", fixture),
    encoding: "utf8",
  });
  const output = `${run.stdout}${run.stderr}`;
  // `error <rule>: <from> → <to>`; a cycle continues on the next lines, one module per line.
  const violations = [...output.matchAll(/error (\S+): (\S+) →\s*(\S+)/g)].map(([, rule, from, to]) => {
    return `${rule}: ${from} → ${to}`;
  });
  return { status: run.status, violations: violations.sort(), output };
}

describe("the layer rules of npm run lint", () => {
  it("pass a tree whose imports go only down the layers", () => {
    const run = cruise("layered");
    expect(run.output).toContain("no dependency violations found");
    expect(run.status).toBe(0);
  });

  it("fail on an import cycle and on every import across the layers, naming the rule and both files", () => {
    const run = cruise("broken");
    expect(run.violations).toEqual(
      [
        // The cycle this project had: client options → retry → (a type) client options.
        "no-cycle: src/client/client-options.ts → src/client/retry.ts",
        "schemas-import-only-util: src/schemas/provider-config.ts → src/client/client-options.ts",
        "server-imports-nothing-of-the-provider: src/server/cli-args.ts → src/cli/command.ts",
        "cli-is-imported-by-none: src/server/cli-args.ts → src/cli/command.ts",
        "generate-is-imported-by-none: src/plugin/package-schema.ts → src/generate/examples.ts",
        "plugin-imports-only-functions-runtime-and-below: src/plugin/package-schema.ts → src/generate/examples.ts",
        "dynamic-imports-only-functions-runtime-and-below: src/dynamic/monitor.ts → src/plugin/provider.ts",
      ].sort(),
    );
    // Lint stops on a non-zero exit: depcruise's is the number of errors.
    expect(run.status).toBe(7);
  });
});
