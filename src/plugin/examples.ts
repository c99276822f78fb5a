/**
 * The examples of the resources and functions as the package schema carries them: the
 * `{{% examples %}}` block of each description, which the SDK generators turn into doc
 * comments. The examples themselves are written under docs/examples and baked into
 * ./examples.generated.ts by `npm run generate` (src/generate/read-examples.ts), so that the
 * plugin's GetSchema needs no files beside its code.
 */

/** The languages of an example, in the order the Registry shows them: file name and fence tag. */
export const EXAMPLE_LANGUAGES = [
  { file: "typescript.ts", fence: "typescript" },
  { file: "python.py", fence: "python" },
  { file: "go.go", fence: "go" },
  { file: "csharp.cs", fence: "csharp" },
  { file: "java.java", fence: "java" },
  { file: "yaml.yaml", fence: "yaml" },
] as const;

/** One example: a title and its program per fence tag. */
export interface Example {
  title: string;
  programs: Record<string, string>;
}

/** The `{{% examples %}}` block Pulumi's generators read, for one resource or function. */
export function examplesBlock(example: Example): string {
  const fences = EXAMPLE_LANGUAGES.map(({ fence }) => `\`\`\`${fence}\n${example.programs[fence]}\n\`\`\``).join("\n");
  return `{{% examples %}}\n## Example Usage\n{{% example %}}\n### ${example.title}\n\n${fences}\n{{% /example %}}\n{{% /examples %}}`;
}
