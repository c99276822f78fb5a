/**
 * The "Defaults" examples of docs/standards-for-a-team.md (an explicit provider's `defaults`,
 * an object-typed setting) compile against the generated SDKs: TypeScript with tsc against
 * dist/sdk/nodejs, Python with mypy against sdk/python, Go with go vet against sdk/go (Java:
 * java/docs-examples-compile-in-java.test.ts). A misspelt field of the defaults fails each check,
 * so a pass means the SDK takes the object as written.
 */
import { describe, expect, it } from "vitest";
import { typecheckPython, typecheckTypeScript, vetGo } from "./example-checks";
import { defaultsPrograms } from "./standards-page";

describe("the standards page's defaults examples", () => {
  const programs = defaultsPrograms();

  it("has one in every language, and the stack config lines", () => {
    expect(Object.keys(programs).sort()).toEqual(["go", "java", "python", "sh", "typescript", "yaml"]);
    expect(programs.sh).toMatch(/pulumi config set --path uptime:defaults\.interval 300/);
  });

  it("TypeScript: tsc accepts the provider's defaults, and rejects a misspelt field", async () => {
    const good = await typecheckTypeScript({ Defaults: programs.typescript });
    expect(good.output).toBe("");
    expect(good.ok).toBe(true);
    const bad = await typecheckTypeScript({ Defaults: programs.typescript.replace("namePrefix:", "namePrefx:") });
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain("namePrefx");
  }, 120_000);

  it("Python: mypy accepts the provider's defaults, and rejects a misspelt field", async () => {
    const good = await typecheckPython({ defaults: programs.python });
    expect(good.ok, good.output).toBe(true);
    expect(programs.python).toContain("name_prefix=");
    const bad = await typecheckPython({ defaults: programs.python.replace("name_prefix=", "name_prefx=") });
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain("name_prefx");
  }, 900_000);

  it("Go: go vet accepts the provider's defaults, and rejects a misspelt field", async () => {
    const good = await vetGo({ Defaults: programs.go });
    expect(good.ok, good.output).toBe(true);
    const bad = await vetGo({ Defaults: programs.go.replace("NamePrefix:", "NamePrefx:") });
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain("NamePrefx");
  }, 900_000);
});
