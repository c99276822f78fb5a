/** What `export --format import` tells the user to do next: import, add the secret config lines, set the secrets. */
import { configSetCommands, type ExportPlan, type SecretPlaceholder } from "./plan";
import {
  listSecretFields,
  renderSecretAdditions,
  secretAdditions,
  SECRET_LANGUAGES,
  type SecretLanguage,
} from "./import-secrets";

/** The file name `pulumi import --out` gets in the steps, by language. */
const GENERATED: Record<SecretLanguage, string> = {
  yaml: "imported.yaml",
  python: "imported.py",
  go: "imported.go",
  typescript: "imported.ts",
  java: "Imported.java",
  csharp: "Imported.cs",
};

/**
 * What the Java code `pulumi import` writes needs before it compiles: pulumi-java's generator
 * (v1.17.0) writes enum values as literals, which the SDK's builders refuse.
 */
const JAVA_ENUMS =
  "Pulumi's Java generator writes enum arguments as literals, which do not compile against the SDK: " +
  'write each as its member (.interval(300) as .interval(Interval.Seconds300), .alertCondition("url_text") as ' +
  ".alertCondition(AlertCondition.UrlText), importing io.github.pulumiuptime.uptime.enums.*), and drop the empty " +
  ".alerts() and .requestHeaders().";

/** The steps after writing the import file: `out` is where it went; `pending` the secrets still to set. */
export function importNextSteps(
  plan: ExportPlan,
  options: { out?: string; language?: SecretLanguage; pending: readonly SecretPlaceholder[] },
): string {
  const file = options.out ?? "<the import file>";
  const generated = options.language ? GENERATED[options.language] : "<file>";
  const withSecrets = plan.monitors.filter((m) => m.secrets.length > 0).length;
  const lines = [
    "Next, in the stack's directory:",
    `  pulumi import --file ${file} --out ${generated} --yes`,
    "and add the code it writes to the program.",
  ];
  if (withSecrets) {
    lines.push(
      `${withSecrets} monitor${withSecrets === 1 ? " reads" : "s read"} alerts, request headers or basic auth from secret config: ` +
        "the generated code leaves them out (so it holds no secret), and `pulumi up` would remove them until they are added.",
    );
    if (options.language === "java") lines.push(JAVA_ENUMS);
    lines.push(
      ...(options.language
        ? renderSecretAdditions(secretAdditions(plan, options.language))
        : [
            `Add these fields, each value read from secret config (--language ${SECRET_LANGUAGES.join("|")} prints the lines):`,
            ...listSecretFields(plan),
          ]),
    );
  }
  if (options.pending.length) {
    lines.push(
      `Set before \`pulumi preview\` (each prompts for its value${options.pending.some((p) => p.value !== undefined) ? "; --set-secrets stores those the service returned" : ""}):`,
      ...configSetCommands(options.pending).map((c) => `  ${c}`),
    );
  }
  return lines.join("\n");
}
