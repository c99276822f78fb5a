/**
 * examples/python type-checks against the generated Python SDK (sdk/python) with mypy, as the
 * docs' Python examples do (test/sdk/example-checks.ts): a misspelt argument or an enum
 * member the SDK does not have fails the check, so the program the Python end-to-end test
 * runs is also one a type checker accepts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "../e2e/harness";
import { typecheckPython } from "./example-checks";

const PROGRAM = readFileSync(join(REPO, "examples", "python", "__main__.py"), "utf8");

/** The program with `from` replaced by `to`, failing if `from` is not in it (so the mutation cannot silently do nothing). */
function mutated(from: string, to: string): string {
  expect(PROGRAM).toContain(from);
  return PROGRAM.replace(from, to);
}

describe("examples/python against the Python SDK", () => {
  it("mypy accepts the program", async () => {
    const result = await typecheckPython({ main: PROGRAM });
    expect(result.ok, result.output).toBe(true);
  }, 900_000);

  it("mypy rejects a misspelt argument and an enum member the SDK does not have", async () => {
    const misspelt = await typecheckPython({ main: mutated("alert_text_lookup=", "alert_text_lokup=") });
    expect(misspelt.ok).toBe(false);
    // The SDK's constructors are overloaded (keyword arguments, or an args object): mypy names
    // the call that matches neither.
    expect(misspelt.output).toMatch(
      /example_main\.py:\d+: error: No overload variant of "Monitor" matches argument types/,
    );
    const badEnum = await typecheckPython({
      main: mutated("uptime.Interval.SECONDS300", "uptime.Interval.SECONDS301"),
    });
    expect(badEnum.ok).toBe(false);
    expect(badEnum.output).toContain("SECONDS301");
  }, 900_000);
});
