/**
 * No .NET SDK is installed here, so the C# that `pulumi-uptime migrate --language csharp`
 * writes (and export's C# lines for `pulumi import`) is not compiled: this checks its
 * structure against the generated .NET SDK in sdk/dotnet instead. Every class, enum member
 * and property it names is declared there, its brackets balance, and every secret is read
 * with `config.RequireSecret` (none of the fixtures' secrets is in the text). The same check
 * rejects a misspelt property.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { secretAdditions } from "../../src/export/import-secrets";
import { mapMonitors } from "../../src/migrate/map";
import { buildReport } from "../../src/migrate/migration-report";
import { projectFiles } from "../../src/migrate/project-files";
import { readSource } from "../../src/migrate/read";
import { fixture, FIXTURE_SECRETS, PROGRAM_SOURCES } from "./helpers";

const DOTNET = join(__dirname, "..", "..", "sdk", "dotnet");
const sdkFile = (name: string) => readFileSync(join(DOTNET, name), "utf8");

/** The settable properties of the class `name` as the C# file `file` declares them. */
function properties(file: string, name: string): Set<string> {
  const text = sdkFile(file);
  const start = text.indexOf(`public sealed class ${name} `);
  if (start < 0) throw new Error(`sdk/dotnet/${file} declares no class ${name}`);
  const next = text.indexOf("public sealed class ", start + 1);
  const body = text.slice(start, next < 0 ? undefined : next);
  return new Set([...body.matchAll(/public\s+Input(?:List)?<[^\n]*?>\??\s+(\w+)\s*(?:\{|$)/gm)].map((m) => m[1]));
}

/**
 * The members of enum `name` in Enums.cs: a string enum is a struct with a static property
 * per member, an integer enum a C# `enum`.
 */
function enumMembers(enums: string, name: string): Set<string> {
  const asStruct = [...enums.matchAll(new RegExp(`public static ${name} (\\w+) \\{ get; \\}`, "g"))].map((m) => m[1]);
  const body = new RegExp(`public enum ${name}\\s*\\{([^}]*)\\}`).exec(enums)?.[1] ?? "";
  return new Set([...asStruct, ...[...body.matchAll(/^\s*(\w+) = /gm)].map((m) => m[1])]);
}

/** What is wrong with `code` against sdk/dotnet; empty when nothing is. */
function problems(code: string): string[] {
  const found: string[] = [];
  const enums = sdkFile("Enums.cs");
  if (!/namespace PulumiUptime\.Uptime\b/.test(enums)) found.push("sdk/dotnet has no namespace PulumiUptime.Uptime");
  if (!code.includes("using Uptime = PulumiUptime.Uptime;")) found.push("no using of PulumiUptime.Uptime");
  const monitorArgs = properties("Monitor.cs", "MonitorArgs");
  for (const [, first, second] of code.matchAll(/\bUptime\.(\w+)(?:\.(\w+))?/g)) {
    if (first === "Monitor" || first === "MonitorArgs") {
      if (!sdkFile("Monitor.cs").includes(`class ${first} `)) found.push(`no class ${first}`);
    } else if (first === "Inputs") {
      properties(join("Inputs", `${second}.cs`), second);
    } else if (!enumMembers(enums, first).has(second)) {
      found.push(`no enum member ${first}.${second}`);
    }
  }
  let inArgs = false;
  for (const line of code.split("\n")) {
    if (line.includes("new Uptime.MonitorArgs")) inArgs = true;
    else if (line.trim() === "});") inArgs = false;
    const assigned = /^\s*([A-Z]\w*) = /.exec(line);
    if (inArgs && assigned && !monitorArgs.has(assigned[1])) found.push(`MonitorArgs has no property ${assigned[1]}`);
    for (const [, cls, inits] of line.matchAll(/new Uptime\.Inputs\.(\w+) \{ (.*?) \}/g)) {
      const props = properties(join("Inputs", `${cls}.cs`), cls);
      for (const [, p] of inits.matchAll(/(\w+) = /g)) if (!props.has(p)) found.push(`${cls} has no property ${p}`);
    }
  }
  const bare = code
    .split("\n")
    .filter((l) => !l.trim().startsWith("//"))
    .join("\n")
    .replace(/"(?:[^"\\]|\\.)*"/g, '""');
  for (const [open, close] of ["{}", "()", "[]"])
    if (bare.split(open).length !== bare.split(close).length) found.push(`unbalanced ${open}${close}`);
  return found;
}

describe("C# programs", () => {
  it.each(PROGRAM_SOURCES)(
    "migrated from %s %s name only what sdk/dotnet declares and read secrets from config",
    (from, file) => {
      const migration = mapMonitors(readSource(from, fixture(file), file));
      const files = projectFiles(migration.plan, "csharp", { project: "migrated", source: file });
      expect(Object.keys(files).sort()).toEqual(["Program.cs", "Pulumi.yaml", "migrated.csproj"]);
      const code = files["Program.cs"];
      expect(problems(code)).toEqual([]);
      const keys = buildReport(migration, { from, file }, "csharp", []).configKeys.map((k) => k.key);
      for (const key of keys) expect(code).toContain(`config.RequireSecret(${JSON.stringify(key)})`);
      expect(code.includes("var config = new Config();")).toBe(keys.length > 0);
      for (const secret of FIXTURE_SECRETS) expect(code).not.toContain(secret);
    },
  );

  it("with a misspelt property or enum member are caught by the same check", () => {
    const plan = mapMonitors(readSource("kuma-backup", fixture("kuma-backup.json"), "k.json")).plan;
    const code = projectFiles(plan, "csharp", { project: "m", source: "k" })["Program.cs"];
    expect(problems(code.replace("AlertTextLookup = ", "AlertTextLokup = "))).toEqual([
      "MonitorArgs has no property AlertTextLokup",
    ]);
    expect(problems(code.replace("Uptime.Interval.Seconds60", "Uptime.Interval.Seconds61"))).toEqual([
      "no enum member Interval.Seconds61",
    ]);
  });

  it("lines export prints for pulumi import's C# name only what sdk/dotnet declares", () => {
    const plan = mapMonitors(readSource("kuma-backup", fixture("kuma-backup.json"), "k.json")).plan;
    const add = secretAdditions(plan, "csharp");
    expect(add.preamble).toEqual(["using Uptime = PulumiUptime.Uptime;", "var uptimeSecrets = new Config();"]);
    const code = [
      ...add.preamble,
      ...add.resources.flatMap((r) => [
        `new Uptime.Monitor(${JSON.stringify(r.name)}, new Uptime.MonitorArgs`,
        "{",
        ...r.lines,
        "});",
      ]),
    ].join("\n");
    expect(problems(code)).toEqual([]);
    expect(code).toContain('RequestAuthPassword = uptimeSecrets.RequireSecret("kumaSiteRequestAuthPassword"),');
    for (const secret of FIXTURE_SECRETS) expect(code).not.toContain(secret);
  });
});
