/**
 * Every resource's and function's description in the package schema carries the
 * `{{% examples %}}` block of docs/examples in TypeScript, Python, Go, C#, Java and YAML,
 * which Pulumi's SDK generators turn into doc comments.
 */
import { describe, expect, it } from "vitest";
import { readExamples } from "../../src/generate/read-examples";
import { packageSchemaText } from "../../src/plugin/package-schema";

const schema = JSON.parse(packageSchemaText()) as {
  resources: Record<string, { description: string }>;
  functions: Record<string, { description: string }>;
};
const examples = readExamples();
const documented = { ...schema.resources, ...schema.functions };

describe("schema descriptions", () => {
  it.each(Object.keys(documented))("%s carries its examples in every language", (token) => {
    const name = token.split(":")[2];
    const example = examples[name];
    expect(example, `docs/examples/${name} is missing`).toBeDefined();
    const description = documented[token].description;
    expect(description).toContain("{{% examples %}}");
    expect(description).toContain("{{% /examples %}}");
    for (const [fence, program] of Object.entries(example.programs)) {
      expect(description).toContain(`\`\`\`${fence}\n${program}\n\`\`\``);
    }
    expect(Object.keys(example.programs)).toEqual(["typescript", "python", "go", "csharp", "java", "yaml"]);
  });
});
