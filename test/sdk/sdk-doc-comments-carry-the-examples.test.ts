/**
 * The generated SDKs' doc comments carry each resource's and function's example in the
 * SDK's own language (the generators pick it from the schema's `{{% examples %}}` block):
 * every line of docs/examples/<name>/<language file> is found, comment markers stripped,
 * in the SDK file of that resource or function.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readExamples } from "../../src/generate/read-examples";

const root = resolve(__dirname, "..", "..");
const examples = readExamples();

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const lower = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
const upper = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Each SDK: the fence its generator keeps and the file a resource or function is written to. */
const SDKS = [
  { sdk: "nodejs", fence: "typescript", file: (n: string) => `sdk/nodejs/${lower(n)}.ts` },
  { sdk: "python", fence: "python", file: (n: string) => `sdk/python/pulumi_uptime/${snake(lower(n))}.py` },
  { sdk: "go", fence: "go", file: (n: string) => `sdk/go/uptime/${lower(n)}.go` },
  { sdk: "dotnet", fence: "csharp", file: (n: string) => `sdk/dotnet/${upper(n)}.cs` },
];

/** The lines of a source file's comments and docstrings, markers and indentation gone. */
function docLines(source: string): Set<string> {
  const unescaped = source.replace(/&gt;/g, ">").replace(/&lt;/g, "<").replace(/&amp;/g, "&");
  return new Set(unescaped.split("\n").map((l) => l.replace(/^\s*(\/\/\/?|\*)/, "").trim()));
}

describe("SDK doc comments", () => {
  const cases = SDKS.flatMap((s) => Object.keys(examples).map((name) => [s.sdk, name, s] as const));
  it.each(cases)("%s: %s carries its example", (_sdk, name, s) => {
    const lines = docLines(readFileSync(resolve(root, s.file(name)), "utf8"));
    const missing = examples[name].programs[s.fence]
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !lines.has(l));
    expect(missing, `${s.file(name)} lacks lines of docs/examples/${name} (run npm run generate)`).toEqual([]);
  });

  it("would notice a line that is not there", () => {
    expect(
      docLines(readFileSync(resolve(root, "sdk/nodejs/monitor.ts"), "utf8")).has('name: "Not in any example",'),
    ).toBe(false);
  });
});
