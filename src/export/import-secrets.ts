/**
 * What to add to the code `pulumi import` generates from an export's import file: the
 * secret-bearing fields the plugin's read left out (alerts, request headers, basic auth),
 * read from secret stack config, in the stack's language. Pulumi's generators can only write
 * literals, and would write the secrets in plaintext; these lines are the config references
 * the TypeScript and YAML exports write themselves.
 */
import { stringify } from "yaml";
import { CONFIG_SUPPLIED_INPUTS } from "../plugin/import-id";
import { toPascal, toSnake } from "../schemas/name-case";
import { csharpArg } from "./csharp-args";
import { javaArg, javaClassesOf } from "./java-args";
import { isPlaceholder, type ExportedMonitor, type ExportPlan, type SecretPlaceholder } from "./plan";

/** Languages whose lines the export writes; any other gets the list of fields and keys. */
export const SECRET_LANGUAGES = ["yaml", "python", "go", "typescript", "java", "csharp"] as const;
export type SecretLanguage = (typeof SECRET_LANGUAGES)[number];

/** The language of a Pulumi project's `runtime` (`nodejs` programs are taken as TypeScript, `dotnet` ones as C#). */
export function languageOfRuntime(runtime: string | undefined): SecretLanguage | undefined {
  if (runtime === "nodejs") return "typescript";
  if (runtime === "dotnet") return "csharp";
  return (SECRET_LANGUAGES as readonly string[]).includes(runtime ?? "") ? (runtime as SecretLanguage) : undefined;
}

/** Lines to add to one generated resource. */
interface ResourceAddition {
  /** The resource name (as in the import file). */
  name: string;
  /** The arguments to add inside its declaration, one per line, in the language's syntax. */
  lines: string[];
}

/**
 * Everything to add for one language.
 */
export interface SecretAdditions {
  language: SecretLanguage;
  /** Once, before the resources (the config object, an import); for YAML, the `config:` block. */
  preamble: string[];
  resources: ResourceAddition[];
}

/** The monitors' fields that come from config, as the plan declares them. */
function suppliedArgs(m: ExportedMonitor): [string, unknown][] {
  return m.args.filter(([field]) => CONFIG_SUPPLIED_INPUTS.Monitor.includes(field));
}

/** The config object's name in the code: one no generated resource variable can take. */
const CONFIG_VAR = {
  python: "uptime_secrets",
  go: "uptimeSecrets",
  typescript: "uptimeSecrets",
  java: "uptimeSecrets",
  csharp: "uptimeSecrets",
};

type Pair = { key: string; value: SecretPlaceholder };

function pythonArg(field: string, value: unknown): string {
  const secret = (p: SecretPlaceholder) => `${CONFIG_VAR.python}.require_secret(${JSON.stringify(p.configKey)})`;
  if (isPlaceholder(value)) return `${toSnake(field)}=${secret(value)},`;
  if (field === "alerts" || field === "requestHeaders") {
    const items = (value as Pair[]).map((e) =>
      field === "alerts"
        ? `uptime.AlertArgs(key=uptime.AlertChannel(${JSON.stringify(e.key)}), value=${secret(e.value)})`
        : `uptime.RequestHeaderArgs(key=${JSON.stringify(e.key)}, value=${secret(e.value)})`,
    );
    return `${toSnake(field)}=[${items.join(", ")}],`;
  }
  return `${toSnake(field)}=${JSON.stringify(value)},`;
}

function goArg(field: string, value: unknown): string {
  const secret = (p: SecretPlaceholder) => `${CONFIG_VAR.go}.RequireSecret(${JSON.stringify(p.configKey)})`;
  if (isPlaceholder(value)) return `${toPascal(field)}: ${secret(value)},`;
  if (field === "alerts" || field === "requestHeaders") {
    const items = (value as Pair[]).map((e) =>
      field === "alerts"
        ? `uptime.AlertArgs{Key: uptime.AlertChannel(${JSON.stringify(e.key)}), Value: ${secret(e.value)}}`
        : `uptime.RequestHeaderArgs{Key: pulumi.String(${JSON.stringify(e.key)}), Value: ${secret(e.value)}}`,
    );
    const list = field === "alerts" ? "uptime.AlertArray" : "uptime.RequestHeaderArray";
    return `${toPascal(field)}: ${list}{${items.join(", ")}},`;
  }
  return `${toPascal(field)}: pulumi.String(${JSON.stringify(value)}),`;
}

function tsArg(field: string, value: unknown): string {
  const secret = (p: SecretPlaceholder) => `${CONFIG_VAR.typescript}.requireSecret(${JSON.stringify(p.configKey)})`;
  if (isPlaceholder(value)) return `${field}: ${secret(value)},`;
  if (field === "alerts" || field === "requestHeaders") {
    const items = (value as Pair[]).map((e) => `{ key: ${JSON.stringify(e.key)}, value: ${secret(e.value)} }`);
    return `${field}: [${items.join(", ")}],`;
  }
  return `${field}: ${JSON.stringify(value)},`;
}

/** A YAML program's value: placeholders become `${key}` of a secret config variable. */
function yamlValue(value: unknown): unknown {
  if (isPlaceholder(value)) return `\${${value.configKey}}`;
  if (Array.isArray(value)) return value.map(yamlValue);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, yamlValue(v)]));
  return value;
}

/** The additions for the monitors whose secrets come from config, in `language`. */
export function secretAdditions(plan: ExportPlan, language: SecretLanguage): SecretAdditions {
  const monitors = plan.monitors.filter((m) => m.secrets.length > 0);
  if (language === "yaml") {
    const config = Object.fromEntries(plan.secrets.map((s) => [s.configKey, { type: "string", secret: true }]));
    return {
      language,
      preamble: plan.secrets.length ? stringify({ config }).trimEnd().split("\n") : [],
      resources: monitors.map((m) => ({
        name: m.resourceName,
        lines: stringify(Object.fromEntries(suppliedArgs(m).map(([k, v]) => [k, yamlValue(v)])))
          .trimEnd()
          .split("\n"),
      })),
    };
  }
  const arg = {
    python: pythonArg,
    go: goArg,
    typescript: tsArg,
    java: (field: string, v: unknown) => javaArg(field, v, 1, CONFIG_VAR.java),
    csharp: (field: string, v: unknown) => csharpArg(field, v, 0, CONFIG_VAR.csharp),
  }[language];
  const javaImports = [...new Set(monitors.flatMap((m) => javaClassesOf(suppliedArgs(m))))].sort();
  const preamble = {
    python: ["import pulumi", `${CONFIG_VAR.python} = pulumi.Config()`],
    go: ['import "github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"', `${CONFIG_VAR.go} := config.New(ctx, "")`],
    // The generated code imports "@pulumi/pulumi" as `pulumi` already.
    typescript: [`const ${CONFIG_VAR.typescript} = new pulumi.Config();`],
    java: [...javaImports.map((c) => `import ${c};`), `var ${CONFIG_VAR.java} = ctx.config();`],
    // The generated code has `using Pulumi;`; the SDK's namespace is named as Pulumi's generator names it.
    csharp: ["using Uptime = PulumiUptime.Uptime;", `var ${CONFIG_VAR.csharp} = new Config();`],
  }[language];
  return {
    language,
    preamble: monitors.length ? preamble : [],
    resources: monitors.map((m) => ({
      name: m.resourceName,
      lines: suppliedArgs(m).flatMap(([k, v]) => arg(k, v).split("\n")),
    })),
  };
}

/** Where each language's lines go, for the text the command prints. */
const WHERE: Record<SecretLanguage, { preamble: string; resource: (name: string) => string }> = {
  yaml: {
    preamble: "Add to Pulumi.yaml:",
    resource: (n) => `Add to the properties of resource ${JSON.stringify(n)}:`,
  },
  python: {
    preamble: "Add at the top of the program:",
    resource: (n) => `Add to the arguments of uptime.Monitor(${JSON.stringify(n)}, ...):`,
  },
  go: {
    preamble: "Add the import, and at the start of the function passed to pulumi.Run:",
    resource: (n) => `Add to the uptime.MonitorArgs of uptime.NewMonitor(ctx, ${JSON.stringify(n)}, ...):`,
  },
  typescript: {
    preamble: "Add after the imports:",
    resource: (n) => `Add to the arguments of new uptime.Monitor(${JSON.stringify(n)}, ...):`,
  },
  java: {
    preamble: "Add the imports, and the config line at the start of the method that declares the resources:",
    resource: (n) =>
      `Add to the MonitorArgs.builder() chain of new Monitor(${JSON.stringify(n)}, ...), before .build():`,
  },
  csharp: {
    preamble: "Add the using line at the top, and the config line before the resources:",
    resource: (n) => `Add to the MonitorArgs initializer of new Uptime.Monitor(${JSON.stringify(n)}, ...):`,
  },
};

/** The additions as instructions for a person, indented code under each heading. */
export function renderSecretAdditions(additions: SecretAdditions): string[] {
  if (!additions.resources.length) return [];
  const where = WHERE[additions.language];
  const code = (lines: string[]) => lines.map((l) => `    ${l}`);
  return [
    where.preamble,
    ...code(additions.preamble),
    ...additions.resources.flatMap((r) => [where.resource(r.name), ...code(r.lines)]),
  ];
}

/** For a language without lines: each resource's fields and the config keys they read. */
export function listSecretFields(plan: ExportPlan): string[] {
  return plan.monitors
    .filter((m) => m.secrets.length > 0)
    .map(
      (m) =>
        `  ${m.resourceName}: ${suppliedArgs(m)
          .map(([field]) => field)
          .join(", ")} (secret config: ${m.secrets.map((s) => s.configKey).join(", ")})`,
    );
}
