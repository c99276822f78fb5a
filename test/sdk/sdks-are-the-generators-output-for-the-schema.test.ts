/**
 * sdk/<language> holds exactly what pulumi-gen-uptime (Pulumi's code generators, built by
 * scripts/build-pulumi.sh) writes for the committed schema.json: nothing hand-edited,
 * nothing stale. After changing the schemas, `npm run generate` rewrites them.
 * Each SDK carries the schema's docs.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, walk } from "../e2e/harness";
import { packageSchemaText } from "../../src/plugin/package-schema";

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without types
const { generateSdks, LANGUAGES } = require("../../scripts/generate-sdks.js") as {
  generateSdks: (out: string) => void;
  LANGUAGES: string[];
};

/** Every file under `dir`, relative to it, with its bytes. */
function tree(dir: string): Map<string, Buffer> {
  return new Map(walk(dir).map((p) => [p.slice(dir.length + 1), readFileSync(p)]));
}

describe("the committed SDKs", () => {
  let fresh: string;
  beforeAll(() => {
    fresh = mkdtempSync(join(tmpdir(), "uptime-sdks-"));
    generateSdks(fresh);
  });
  afterAll(() => rmSync(fresh, { recursive: true, force: true }));

  it.each(LANGUAGES)(
    "%s: are the generator's output for schema.json, file for file (run `npm run generate`)",
    (language) => {
      const committed = tree(join(REPO, "sdk", language));
      const generated = tree(join(fresh, language));
      expect([...committed.keys()].sort()).toEqual([...generated.keys()].sort());
      const differ = [...generated]
        .filter(([name, bytes]) => !bytes.equals(committed.get(name)!))
        .map(([name]) => name);
      expect(differ, "files that differ from the generator's output").toEqual([]);
    },
  );

  it("carry the schema's documentation into every language", () => {
    const schema = JSON.parse(packageSchemaText()) as {
      resources: Record<string, { description: string; inputProperties: Record<string, { description: string }> }>;
    };
    const monitor = schema.resources["uptime:index:Monitor"];
    // A sentence of the resource's docs and one of a property's, as each generator writes them.
    const sentences = [monitor.description.split(". ")[0], monitor.inputProperties.adopt.description.split(";")[0]];
    const files = {
      nodejs: "monitor.ts",
      python: "pulumi_uptime/monitor.py",
      go: "uptime/monitor.go",
      dotnet: "Monitor.cs",
      java: "src/main/java/io/github/pulumiuptime/uptime/Monitor.java",
    };
    for (const [language, file] of Object.entries(files)) {
      const text = readFileSync(join(REPO, "sdk", language, file), "utf8");
      for (const s of sentences) expect(text, `${language} ${file}`).toContain(s);
    }
  });
});
