/**
 * README's Configure table is generated from the provider settings
 * (src/schemas/provider-config.ts): it is the current one, and every setting the schema
 * declares has a row with the stack config key and environment variable the runtime reads.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { expect, it } from "vitest";
import { CONFIG_KEYS, ENV_VARS } from "../../src/runtime/config";
import { PROVIDER_CONFIG_FIELDS } from "../../src/schemas";
import { SETTINGS_TABLE_PATH, withSettings } from "../../src/generate/settings";

const page = readFileSync(resolve(__dirname, "..", "..", SETTINGS_TABLE_PATH), "utf8");

/** The Configure section of `text`. */
function configureOf(text: string): string {
  const at = text.indexOf("\n## Configure\n");
  return text.slice(at, text.indexOf("\n## ", at + 5));
}

it("is the one generated from the settings (run `npm run generate` after changing them)", () => {
  expect(withSettings(page)).toBe(page);
  // The generated table (its start marker, then its header row) sits in the Configure section.
  expect(configureOf(page)).toMatch(/<!-- settings:start [^\n]*-->\n\| Setting \| Stack config \|/);
});

it("names every setting's stack config key and environment variable in one row", () => {
  // The rows as the generator writes them, whether or not the committed page is current.
  const rows = configureOf(withSettings(page))
    .split("\n")
    .filter((l) => l.startsWith("| "));
  expect(PROVIDER_CONFIG_FIELDS.length).toBeGreaterThan(0);
  const missing = PROVIDER_CONFIG_FIELDS.map((f) => f.name).filter(
    (name) => !rows.some((r) => r.includes(`\`${CONFIG_KEYS[name]}\``) && r.includes(`\`${ENV_VARS[name]}\``)),
  );
  expect(missing).toEqual([]);
});

it("keeps the environment variables and config keys users set (renaming one breaks their setups)", () => {
  expect(ENV_VARS).toEqual({
    baseUrl: "UPTIME_BASE_URL",
    apiKey: "UPTIME_API_KEY",
    timeZone: "UPTIME_TIME_ZONE",
    requestsPerMinute: "UPTIME_REQUESTS_PER_MINUTE",
    maxRetries: "UPTIME_MAX_RETRIES",
    timeoutMs: "UPTIME_TIMEOUT_MS",
    proxyUrl: "UPTIME_PROXY_URL",
    caCertificates: "UPTIME_CA_CERTIFICATES",
    defaults: "UPTIME_DEFAULTS",
  });
  for (const f of PROVIDER_CONFIG_FIELDS) expect(CONFIG_KEYS[f.name]).toBe(`uptime:${f.name}`);
});
