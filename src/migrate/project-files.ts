/**
 * The files of the project a migration writes, by language: the program and what runs it
 * (Pulumi.yaml; package.json and tsconfig.json for TypeScript; requirements.txt for Python;
 * go.mod for Go; pom.xml for Java; a .csproj for C#).
 * TypeScript is export's own writer; the other languages write the same plan.
 */
import type { ExportedMonitor, ExportPlan } from "../export/plan";
import { renderTs } from "../export/render-ts";
import type { HostGroup } from "./group-by-host";
import { csproj, renderCsharp } from "./render-csharp";
import { goMod, renderGo } from "./render-go";
import { JAVA_PROGRAM, pomXml, renderJava } from "./render-java";
import { renderPython } from "./render-python";
import { renderYamlProgram, SET_YOURSELF } from "./render-yaml-program";

/** The languages a migration writes. */
export const WRITTEN_LANGUAGES = ["yaml", "typescript", "python", "go", "csharp", "java"] as const;
export type WrittenLanguage = (typeof WRITTEN_LANGUAGES)[number];

/** File path (relative to the project's folder) → text. */
export function projectFiles(
  plan: ExportPlan,
  language: WrittenLanguage,
  options: { project: string; source: string; grouped?: { groups: HostGroup[]; alone: ExportedMonitor[] } },
): Record<string, string> {
  const { project, source } = options;
  if (language === "yaml") return { "Pulumi.yaml": renderYamlProgram(plan, options) };
  const description = `Monitors migrated from ${source}`;
  if (language === "go")
    return {
      "Pulumi.yaml": `name: ${project}\ndescription: ${JSON.stringify(description)}\nruntime: go\n`,
      "go.mod": goMod(project),
      "main.go": renderGo(plan, source),
    };
  if (language === "java")
    return {
      "Pulumi.yaml": `name: ${project}\ndescription: ${JSON.stringify(description)}\nruntime: java\n`,
      "pom.xml": pomXml(project),
      [JAVA_PROGRAM]: renderJava(plan, source),
    };
  if (language === "csharp")
    return {
      "Pulumi.yaml": `name: ${project}\ndescription: ${JSON.stringify(description)}\nruntime: dotnet\n`,
      [`${project}.csproj`]: csproj(),
      "Program.cs": renderCsharp(plan, source),
    };
  if (language === "python")
    return {
      "Pulumi.yaml": `name: ${project}\ndescription: ${JSON.stringify(description)}\nruntime:\n  name: python\n  options:\n    virtualenv: venv\n`,
      "requirements.txt":
        "pulumi>=3.248.0,<4.0.0\n# Until it is on PyPI: the wheel `npm run sdks` builds (dist/sdk/python-wheel/pulumi_uptime-*.whl).\npulumi_uptime>=0.1.0\n",
      "__main__.py": renderPython(plan, source),
    };
  return {
    "Pulumi.yaml": `name: ${project}\ndescription: ${JSON.stringify(description)}\nruntime:\n  name: nodejs\n  options:\n    packagemanager: npm\n`,
    "package.json": `${JSON.stringify(
      {
        name: project,
        main: "index.ts",
        devDependencies: { "@types/node": "^20", typescript: "^5.0.0" },
        dependencies: { "@pulumi/pulumi": "^3.248.0", "pulumi-uptime": "^0.1.0" },
      },
      null,
      4,
    )}\n`,
    "tsconfig.json": `${JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          outDir: "bin",
          target: "es2020",
          module: "commonjs",
          moduleResolution: "node",
        },
        files: ["index.ts"],
      },
      null,
      4,
    )}\n`,
    "index.ts": renderTs(plan, { source, generator: "pulumi-uptime migrate", unknownSecretsHeading: SET_YOURSELF }),
  };
}
