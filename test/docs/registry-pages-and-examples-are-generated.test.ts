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
import { SDK_NAMES } from "../../src/plugin/package-info";

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
    for (const cmd of [
      `npm install ${SDK_NAMES.nodejs}`,
      `pip install ${SDK_NAMES.python}`,
      `go get ${SDK_NAMES.go}`,
      `dotnet add package ${SDK_NAMES.dotnet}`,
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
