/**
 * Programs in YAML, Python, Go and Java that take the code `pulumi import --file` writes from an
 * export's import file: the project around it (the plugin from dist/plugin; Python on the
 * examples' venv, Go on the examples' go.mod with the SDK of this checkout, Java on the
 * examples' pom.xml with the SDK's jar from `npm run sdks`), and the code
 * added as a user following the export's steps adds it: the generated code, then the lines
 * that read the secrets from config, each where the export says it goes.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parse, stringify } from "yaml";
import { REPO, suitePath } from "./harness";
import { compileExample, exampleEnv } from "./examples";
import type { SecretAdditions } from "../../src/export/import-secrets";
import { ENUM_TYPES } from "../../src/export/sdk-enums";
import { enumMemberName } from "../../src/plugin/package-schema";

export type ImportLanguage = "yaml" | "python" | "go" | "java";

/** Where scripts/build-pulumi.sh puts the Python and Go program generator for `pulumi import`. */
export const PROGRAM_GEN = join(REPO, ".tools", "pulumi", "program-gen");

/** The file `pulumi import --out` writes, by language. */
export const GENERATED: Record<ImportLanguage, string> = {
  yaml: "imported.yaml",
  python: "imported.py",
  go: "main.go",
  java: "imported.java",
};

/** Where the Java program goes: the package Pulumi's Java generator writes, in Maven's layout. */
const JAVA_APP = join("src", "main", "java", "generated_program", "App.java");

/** The file that holds the program once the export's additions are in it, by language. */
export const PROGRAM: Record<ImportLanguage, string> = {
  yaml: "Pulumi.yaml",
  python: "__main__.py",
  go: "main.go",
  java: JAVA_APP,
};

const PLUGIN = "plugins:\n  providers:\n    - name: uptime\n      path: ../../../../dist/plugin\n";
const PYTHON = join(REPO, "examples", "python");

/** The files of an empty project in `language` (a copy under test/e2e/.work). */
export function projectFiles(language: ImportLanguage): Record<string, string> {
  const name = `import-${language}`;
  if (language === "yaml") return { "Pulumi.yaml": `name: ${name}\nruntime: yaml\n${PLUGIN}resources: {}\n` };
  if (language === "python") return { "Pulumi.yaml": `name: ${name}\nruntime: python\n${PLUGIN}` };
  if (language === "java") {
    const pom = readFileSync(join(REPO, "examples", "java", "pom.xml"), "utf8")
      .replace("<mainClass>example.App</mainClass>", "<mainClass>generated_program.App</mainClass>")
      .replace("<artifactId>uptime-java-example</artifactId>", `<artifactId>${name}</artifactId>`);
    return { "Pulumi.yaml": `name: ${name}\nruntime: java\n${PLUGIN}`, "pom.xml": pom };
  }
  const goMod = readFileSync(join(REPO, "examples", "go", "go.mod"), "utf8")
    .replace(/^module .*$/m, `module ${name}`)
    .replace(/=> \.\.\/\.\.\/sdk\/go/, `=> ${join(REPO, "sdk", "go")}`);
  return { "Pulumi.yaml": `name: ${name}\nruntime: go\n${PLUGIN}`, "go.mod": goMod };
}

/**
 * The environment of the project's commands: Python programs run in the examples' venv
 * (made from examples/python/requirements.txt, reused), Go programs resolve modules from
 * go.mod as written.
 */
export async function projectEnv(language: ImportLanguage, dir: string): Promise<Record<string, string>> {
  if (language === "python") {
    await compileExample(PYTHON);
    return exampleEnv(PYTHON);
  }
  if (language === "go") {
    copyFileSync(join(REPO, "examples", "go", "go.sum"), join(dir, "go.sum"));
    return { GOWORK: "off", GOFLAGS: "-mod=mod" };
  }
  if (language === "java") {
    await compileExample(dir);
    return exampleEnv(dir);
  }
  return {};
}

/**
 * The PATH for `pulumi import` in `language`: Python and Go code comes from the program
 * generator; the YAML and Java hosts write their own.
 */
export function importPath(language: ImportLanguage): string {
  const path = suitePath();
  if (language === "yaml" || language === "java") return path;
  // Without it, the real host answers `pulumi import` with "GenerateProgram not implemented".
  if (!existsSync(join(PROGRAM_GEN, `pulumi-language-${language}`)))
    throw new Error(`${PROGRAM_GEN} is missing: run \`bash scripts/build-pulumi.sh\` (it builds pulumi-program-gen)`);
  return `${PROGRAM_GEN}:${path}`;
}

/**
 * The Java code with each enum argument as its SDK member, as a user fixes it: the Java
 * generator of pulumi-java v1.17.0 writes enum values as literals (`.interval(300)`,
 * `.alertCondition("url_text")`), which the SDK's builders (taking `Interval`,
 * `AlertCondition`) refuse, and an empty list as `.alerts()`, which is ambiguous.
 */
function javaEnumMembers(code: string): string {
  const used = new Set<string>();
  const fixed = code
    .replace(/^\s*\.(alerts|requestHeaders)\(\)\n/gm, "")
    .replace(/\.(\w+)\(("[^"]*"|\d+)\)/g, (call, field: string, literal: string) => {
      const type = ENUM_TYPES[field];
      if (!type) return call;
      used.add(type);
      return `.${field}(${type}.${enumMemberName(type, JSON.parse(literal) as string | number)})`;
    });
  const imports = [...used].sort().map((t) => `import io.github.pulumiuptime.uptime.enums.${t};`);
  return fixed.replace(/^package generated_program;$/m, (p) => [p, ...imports].join("\n"));
}

/** Inserts `lines` after the first line matching `anchor`, indented like `indent`; fails when there is none. */
function insertAfter(code: string, anchor: RegExp, lines: string[], indent: string): string {
  const all = code.split("\n");
  const at = all.findIndex((l) => anchor.test(l));
  if (at < 0) throw new Error(`no line matches ${String(anchor)} in the generated code:\n${code}`);
  all.splice(at + 1, 0, ...lines.map((l) => `${indent}${l}`));
  return all.join("\n");
}

const quoted = (name: string) => JSON.stringify(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The program: the generated code with the export's additions in place. YAML merges both into
 * Pulumi.yaml; Python and Go take the generated file as the program and the lines where the
 * export's steps say (the top, and each named resource's arguments).
 */
export function applyImported(language: ImportLanguage, dir: string, generated: string, add: SecretAdditions): void {
  if (language === "yaml") {
    const file = join(dir, "Pulumi.yaml");
    const program = parse(readFileSync(file, "utf8")) as Record<string, Record<string, unknown>>;
    program.config = (parse(add.preamble.join("\n")) as { config?: Record<string, unknown> } | null)?.config ?? {};
    program.resources = (parse(generated) as { resources: Record<string, { properties: object }> }).resources;
    for (const r of add.resources) {
      const target = program.resources[r.name] as { properties: object };
      target.properties = { ...target.properties, ...(parse(r.lines.join("\n")) as object) };
    }
    writeFileSync(file, stringify(program));
    return;
  }
  let code = generated;
  if (language === "python") {
    if (add.preamble.length) code = insertAfter(code, /^import pulumi_uptime as uptime$/, add.preamble, "");
    for (const r of add.resources)
      code = insertAfter(code, new RegExp(`uptime\\.Monitor\\(${quoted(r.name)},$`), r.lines, "    ");
    writeFileSync(join(dir, "__main__.py"), code);
    return;
  }
  if (language === "java") {
    code = javaEnumMembers(code);
    const imports = add.preamble.filter((l) => l.startsWith("import "));
    const config = add.preamble.filter((l) => !l.startsWith("import "));
    if (imports.length) code = insertAfter(code, /^package generated_program;$/, imports, "");
    if (config.length) code = insertAfter(code, /public static void stack\(Context ctx\) \{$/, config, "        ");
    for (const r of add.resources)
      code = insertAfter(
        code,
        new RegExp(`new Monitor\\(${quoted(r.name)}, MonitorArgs\\.builder\\(\\)$`),
        r.lines,
        "            ",
      );
    mkdirSync(join(dir, dirname(JAVA_APP)), { recursive: true });
    writeFileSync(join(dir, JAVA_APP), code);
    return;
  }
  if (add.preamble.length) {
    const [importLine, configLine] = add.preamble;
    code = insertAfter(code, /^import \($/, [importLine.replace(/^import /, "")], "\t");
    code = insertAfter(code, /pulumi\.Run\(func\(ctx \*pulumi\.Context\) error \{$/, [configLine], "\t\t");
  }
  for (const r of add.resources)
    code = insertAfter(
      code,
      new RegExp(`uptime\\.NewMonitor\\(ctx, ${quoted(r.name)}, &uptime\\.MonitorArgs\\{$`),
      r.lines,
      "\t\t\t",
    );
  writeFileSync(join(dir, "main.go"), code);
}
