/**
 * Every example of docs/examples compiles against the generated SDK of its language where
 * this machine has a compiler: TypeScript with tsc against dist/sdk/nodejs, Go with go vet
 * against sdk/go, Python with mypy against sdk/python. A misspelt argument fails each check, so a pass means something. (C# has
 * no compiler here; Java compiles once the Java SDK exists: see java/docs-examples-compile-in-java.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { readExamples } from "../../src/generate/read-examples";
import { typecheckPython, typecheckTypeScript, vetGo } from "./example-checks";

const examples = readExamples();
const programsOf = (fence: string) =>
  Object.fromEntries(Object.entries(examples).map(([name, e]) => [name, e.programs[fence]]));

describe("docs examples", () => {
  it("cover every resource and function", () => {
    expect(Object.keys(examples).sort()).toEqual([
      "Incident",
      "Monitor",
      "ServiceMonitors",
      "getIncident",
      "getIncidents",
      "getMonitor",
      "getMonitorReport",
      "getMonitors",
    ]);
  });

  // Each language: its fence in docs/examples, its check, the argument misspelt in the
  // Monitor example, and what the check says about it (and about clean programs, where that
  // is fixed).
  it.each([
    {
      language: "TypeScript",
      check: typecheckTypeScript,
      fence: "typescript",
      misspelt: ["url:", "uri:"],
      says: /uri/,
      // tsc prints nothing for a clean program.
      cleanOutput: "",
    },
    { language: "Go", check: vetGo, fence: "go", misspelt: ["Url:", "Uri:"], says: /Uri/ },
    {
      language: "Python",
      check: typecheckPython,
      fence: "python",
      misspelt: ["url=", "uri="],
      says: /example_Monitor\.py:\d+: error: No overload variant of "Monitor"/,
    },
  ])(
    "$language: the check accepts every example, and rejects a misspelt argument",
    async (c) => {
      const good = await c.check(programsOf(c.fence));
      expect(good.ok, good.output).toBe(true);
      if ("cleanOutput" in c) expect(good.output).toBe(c.cleanOutput);
      const bad = await c.check({ Monitor: examples.Monitor.programs[c.fence].replace(c.misspelt[0], c.misspelt[1]) });
      expect(bad.ok).toBe(false);
      expect(bad.output).toMatch(c.says);
    },
    900_000,
  );
});
