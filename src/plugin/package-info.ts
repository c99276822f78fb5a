/**
 * What the package says about itself: its name, version (from package.json), the type
 * tokens of its resources and functions, and their descriptions.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The package's name in type tokens, config keys (`uptime:baseUrl`) and the plugin's name. */
export const PACKAGE_NAME = "uptime";

/** This release's version, as package.json says (dist/plugin/ → the package root). */
export const PACKAGE_VERSION: string = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")).version;

/** `Monitor` → `uptime:index:Monitor`. */
export function tokenOf(name: string): string {
  return `${PACKAGE_NAME}:index:${name}`;
}

/** The package-level fields of the schema. */
export const PACKAGE = {
  name: PACKAGE_NAME,
  displayName: "Uptime",
  version: PACKAGE_VERSION,
  description: "Uptime monitors and incidents as code, for the uptime-monitoring HTTP API (/api/v1, phpUptime and compatible services).",
  keywords: ["pulumi", "uptime", "monitoring", "category/monitoring", "kind/native"],
  license: "Apache-2.0",
  publisher: "pulumi-uptime",
  meta: { moduleFormat: "(.*)" },
};

/** Descriptions of the resources. */
export const RESOURCE_DOCS = {
  Monitor:
    "An uptime monitor. Declared fields are reconciled on every `up`; `refresh` records changes made outside Pulumi; " +
    "a monitor deleted outside Pulumi is created again. Every field updates in place: nothing replaces a monitor.",
  Incident:
    "An incident of a monitor. Its status is derived by the service: `resolved` once `endedAt` is set, else " +
    "`acknowledged` once `acknowledgedAt` is set, else `unresolved`.",
};

/** Descriptions of the functions. */
export const FUNCTION_DOCS = {
  getMonitor: "Reads one monitor by id, without managing it.",
  getMonitors: "Lists every monitor matching the filters, reading all pages.",
  getIncident: "Reads one incident by id, without managing it.",
  getIncidents: "Lists every incident matching the filters, reading all pages.",
};
