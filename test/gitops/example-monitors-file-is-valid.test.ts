import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadMonitorsFile } from "../../src/gitops";

describe("examples/gitops/monitors.yaml", () => {
  it("loads with no problems, its secrets all config references", () => {
    const entries = loadMonitorsFile(join(resolve(__dirname, "..", ".."), "examples", "gitops", "monitors.yaml"));
    expect(entries.map((e) => e.resourceName)).toEqual(["storefront", "checkout-api", "search", "back-office"]);
    const keys = [...new Set(entries.flatMap((e) => e.configKeys))].sort();
    expect(keys).toEqual(["backOfficePassword", "opsWebhookUrl", "statusToken"]);
    // The end-to-end suite sets exactly these, as secrets.
    const e2e = JSON.parse(
      readFileSync(join(resolve(__dirname, "..", ".."), "examples", "gitops", "e2e.config.json"), "utf8"),
    ) as Record<string, { secret?: boolean }>;
    expect(Object.keys(e2e).sort()).toEqual(keys);
    expect(Object.values(e2e).every((v) => v.secret === true)).toBe(true);
  });
});
