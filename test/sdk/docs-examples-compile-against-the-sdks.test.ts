/**
 * Every example of docs/examples compiles against the generated SDK of its language where
 * this machine has a compiler: TypeScript with tsc against dist/sdk/nodejs, Go with go vet
 * against sdk/go, Python with mypy against sdk/python. A misspelt argument fails each check, so a pass means something. (C# has
 * no compiler here; Java compiles once the Java SDK exists: see java-examples-compile.pending.ts.)
 */
import { describe, expect, it } from "vitest";
import { readExamples } from "../../src/docs/examples";
import { typecheckPython, typecheckTypeScript, vetGo } from "./example-checks";

const examples = readExamples();
const programsOf = (fence: string) =>
  Object.fromEntries(Object.entries(examples).map(([name, e]) => [name, e.programs[fence]]));

describe("docs examples", () => {
  it("cover every resource and function", () => {
    expect(Object.keys(examples).sort()).toEqual([
      "Incident",
      "Monitor",
      "getIncident",
      "getIncidents",
      "getMonitor",
      "getMonitors",
    ]);
  });

  it("TypeScript: tsc accepts every example, and rejects a misspelt argument", async () => {
    const good = await typecheckTypeScript(programsOf("typescript"));
    expect(good.output).toBe("");
    expect(good.ok).toBe(true);
    const bad = await typecheckTypeScript({ Monitor: examples.Monitor.programs.typescript.replace("url:", "uri:") });
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain("uri");
  }, 120_000);

  it("Go: go vet accepts every example, and rejects a misspelt argument", async () => {
    const good = await vetGo(programsOf("go"));
    expect(good.ok, good.output).toBe(true);
    const bad = await vetGo({ Monitor: examples.Monitor.programs.go.replace("Url:", "Uri:") });
    expect(bad.ok).toBe(false);
    expect(bad.output).toContain("Uri");
  }, 900_000);

  it("Python: mypy accepts every example, and rejects a misspelt argument", async () => {
    const good = await typecheckPython(programsOf("python"));
    expect(good.ok, good.output).toBe(true);
    const bad = await typecheckPython({ Monitor: examples.Monitor.programs.python.replace("url=", "uri=") });
    expect(bad.ok).toBe(false);
    expect(bad.output).toMatch(/example_Monitor\.py:\d+: error: No overload variant of "Monitor"/);
  }, 900_000);
});
