/**
 * The Registry pages (docs/_index.md, docs/installation-configuration.md) and the baked
 * examples are what the settings, the schema's language sections and docs/examples generate:
 * a setting added to src/schemas/provider-config.ts or an example edited fails here until
 * `npm run generate` is run.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { EXAMPLES_MODULE_PATH, examplesModuleSource, readExamples } from "../../src/generate/read-examples";
import {
  REGISTRY_INDEX_PATH,
  REGISTRY_INSTALL_PATH,
  registryIndex,
  registryInstallation,
} from "../../src/generate/registry";
import { ENV_VARS } from "../../src/runtime/config";
import { PROVIDER_CONFIG_FIELDS } from "../../src/schemas";
import { packageSchemaText } from "../../src/plugin/package-schema";

const root = resolve(__dirname, "..", "..");
const committed = (path: string) => readFileSync(resolve(root, path), "utf8");

describe("Registry docs", () => {
  it("are what the sources generate (run `npm run generate` after changing them)", () => {
    const examples = readExamples();
    expect(committed(EXAMPLES_MODULE_PATH)).toBe(examplesModuleSource(examples));
    expect(committed(REGISTRY_INDEX_PATH)).toBe(registryIndex(examples));
    expect(committed(REGISTRY_INSTALL_PATH)).toBe(registryInstallation());
  });

  it("start with the Registry's front matter", () => {
    for (const page of [registryIndex(), registryInstallation()]) {
      expect(page).toMatch(/^---\ntitle: .+\nmeta_desc: .+\nlayout: package\n---\n/);
    }
  });

  it("give every setting as stack config and as environment variable", () => {
    const page = registryInstallation();
    const env: Record<string, string> = ENV_VARS;
    expect(PROVIDER_CONFIG_FIELDS.length).toBeGreaterThan(0);
    for (const f of PROVIDER_CONFIG_FIELDS) {
      // An object setting is set one field at a time.
      const key = f.kind === "object" ? `--path uptime:${f.name}.` : `uptime:${f.name} `;
      expect(page).toContain(`pulumi config set ${f.secret ? "--secret " : ""}${key}`);
      expect(page).toContain(`export ${env[f.name]}=`);
      expect(page).toContain(`| \`uptime:${f.name}\` | \`${env[f.name]}\` |`);
    }
  });

  it("install each SDK under the name the schema gives it", () => {
    const page = registryInstallation();
    const { name, language } = JSON.parse(packageSchemaText()) as {
      name: string;
      language: {
        nodejs: { packageName: string };
        python: { packageName: string };
        go: { importBasePath: string };
        csharp: { rootNamespace: string };
      };
    };
    // The .NET package is named <rootNamespace>.<Name>, as the SDK generator names it.
    const dotnet = `${language.csharp.rootNamespace}.${name[0].toUpperCase()}${name.slice(1)}`;
    expect(dotnet).toBe("PulumiUptime.Uptime");
    for (const cmd of [
      `npm install ${language.nodejs.packageName}`,
      `pip install ${language.python.packageName}`,
      `go get ${language.go.importBasePath}`,
      `dotnet add package ${dotnet}`,
    ]) {
      expect(page).toContain(cmd);
    }
  });

  it("show the overview's example in every language", () => {
    const page = registryIndex();
    for (const fence of ["typescript", "python", "go", "csharp", "java", "yaml"])
      expect(page).toContain(`{{% choosable language ${fence} %}}`);
  });
});
