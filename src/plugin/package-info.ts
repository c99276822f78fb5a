/**
 * What the package says about itself: its name, version (from package.json), the type
 * tokens of its resources and functions, and their descriptions.
 */
import { PACKAGE_NAME } from "../schemas/provider-config";
import { pluginType } from "../schemas/type-tokens";

/** Declared with the provider settings (src/schemas/provider-config.ts), whose config keys it prefixes. */
export { PACKAGE_NAME };

// A plain `require` (dist/plugin/ → the package root), so that the standalone executable's
// bundle carries the file.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- package.json is outside rootDir (src)
const npmPackage = require("../../package.json") as {
  version: string;
  homepage: string;
  repository: { url: string };
};

/** This release's version, as package.json says (dist/plugin/ → the package root). */
export const PACKAGE_VERSION: string = npmPackage.version;

/** The repository's web address (package.json's `repository`, without `git+` and `.git`). */
const REPOSITORY = npmPackage.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");

/**
 * Where the engine downloads the plugin when a program needs it and it is not installed:
 * the GitHub releases of the repository's owner (`github://<API host>/<organization>`; the
 * repository is then `pulumi-<name>`), whose assets are the archives `npm run release`
 * writes (`pulumi-resource-uptime-v<version>-<os>-<arch>.tar.gz`). The SDKs carry it.
 */
const PLUGIN_DOWNLOAD_URL = githubSource(REPOSITORY);

function githubSource(repository: string): string {
  const [, owner, repo] = new URL(repository).pathname.split("/");
  // The CLI assumes `pulumi-<name>` for the repository; any other name must be spelled out.
  return `github://api.github.com/${owner}${repo === `pulumi-${PACKAGE_NAME}` ? "" : `/${repo}`}`;
}

/** Where the SDKs are published from; the Go SDK's import path is under it. */
const GO_MODULE = `${REPOSITORY.replace(/^https:\/\//, "")}/sdk/go`;

/**
 * Names of the SDK packages generated from the schema (`npm run sdks`), per language.
 */
const SDK_NAMES = {
  nodejs: "@pulumi-uptime/uptime",
  python: "pulumi_uptime",
  go: `${GO_MODULE}/uptime`,
  dotnet: "PulumiUptime.Uptime",
  /** The Java package; its first parts are the Maven groupId, the last the artifactId. */
  java: "io.github.pulumiuptime.uptime",
} as const;

/**
 * The Pulumi Java SDK (`com.pulumi:pulumi` on Maven Central) the Java SDK is built against:
 * the release of pulumi-java whose language host scripts/build-pulumi.sh builds.
 */
const JAVA_PULUMI_SDK_VERSION = "1.17.0";

/** `Monitor` → `uptime:index:Monitor`. */
export const tokenOf = pluginType;

/** The package-level fields of the schema. */
export const PACKAGE = {
  name: PACKAGE_NAME,
  displayName: "Uptime",
  version: PACKAGE_VERSION,
  description:
    "Uptime monitors and incidents as code, for the uptime-monitoring HTTP API (/api/v1, phpUptime and compatible services).",
  keywords: ["pulumi", "uptime", "monitoring", "category/monitoring", "kind/native"],
  license: "Apache-2.0",
  publisher: "pulumi-uptime",
  homepage: npmPackage.homepage,
  repository: REPOSITORY,
  pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
  logoUrl: `${REPOSITORY.replace("https://github.com/", "https://raw.githubusercontent.com/")}/main/tools/sdkgen/logo.png`,
  // supportPack: the generators write the schema's version and the plugin's name into
  // each SDK (package.json's `pulumi` block, pulumi-plugin.json, go.mod).
  meta: { moduleFormat: "(.*)", supportPack: true },
  language: {
    nodejs: {
      packageName: SDK_NAMES.nodejs,
      packageDescription:
        "Uptime monitors and incidents as code: the uptime package's Node.js SDK (needs the provider plugin pulumi-resource-uptime).",
      readme:
        "The Node.js SDK of the `uptime` Pulumi package, generated from its schema. It needs the provider plugin `pulumi-resource-uptime`.",
    },
    python: {
      packageName: SDK_NAMES.python,
      readme:
        "The Python SDK of the `uptime` Pulumi package, generated from its schema. It needs the provider plugin `pulumi-resource-uptime`.",
      pyproject: { enabled: true },
    },
    go: {
      importBasePath: SDK_NAMES.go,
      modulePath: GO_MODULE,
      generateResourceContainerTypes: true,
      // The SDK passes the schema's version with every resource, so the engine knows which
      // plugin to download even where the module's version is unknown (a `replace`d or
      // vendored SDK); without it a default provider has no version and the CLI asks the
      // download source for the latest, which a plain HTTP mirror cannot answer.
      respectSchemaVersion: true,
    },
    java: {
      basePackage: SDK_NAMES.java.slice(0, SDK_NAMES.java.lastIndexOf(".")),
      // No Gradle files: the generator writes a Maven pom.xml beside the sources instead.
      buildFiles: "none",
      // gson at the version com.pulumi:pulumi itself uses: Pulumi's generator would otherwise
      // declare an older one, which Maven would then prefer over the SDK's.
      dependencies: { "com.pulumi:pulumi": JAVA_PULUMI_SDK_VERSION, "com.google.code.gson:gson": "2.10" },
    },
    csharp: {
      rootNamespace: SDK_NAMES.dotnet.split(".")[0],
      packageReferences: { Pulumi: "3.*" },
    },
  },
};

/** Descriptions of the resources. */
export const RESOURCE_DOCS = {
  Monitor:
    "An uptime monitor. Declared fields are reconciled on every `up`; `refresh` records changes made outside Pulumi; " +
    "a monitor deleted outside Pulumi is created again. Every field updates in place: nothing replaces a monitor.",
  Incident:
    "An incident of a monitor. Its status is derived by the service: `resolved` once `endedAt` is set, else " +
    "`acknowledged` once `acknowledgedAt` is set, else `unresolved`.",
  ServiceMonitors:
    "A service's monitors from one declaration: one `Monitor` per check, a child of this component, named " +
    "`<namePrefix><environment>/<service>/<key>` (`namePrefix` from the provider's `defaults`). A check's own value " +
    "wins, then the group's, then the provider's `defaults`, then the service's. `formerly` renames a check in place; " +
    "a removed check deletes its monitor; a changed `baseUrl` updates every URL in place.",
};

/** Descriptions of the functions. */
export const FUNCTION_DOCS = {
  getMonitor: "Reads one monitor by id, without managing it.",
  getMonitors: "Lists every monitor matching the filters, reading all pages.",
  getIncident: "Reads one incident by id, without managing it.",
  getIncidents: "Lists every incident matching the filters, reading all pages.",
  getMonitorReport:
    "A monitor's availability over a period, from its incidents: the figures `pulumi-uptime report --json` gives " +
    "for it, under the same names, and with `slo` its error budget. The period is `window` ending at `until` " +
    "(default now; `window` defaults to 30d), or `from`/`until`; it starts no earlier than the monitor's creation.",
};
