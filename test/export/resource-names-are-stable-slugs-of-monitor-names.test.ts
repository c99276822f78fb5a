import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectMonitors } from "../../src/export/collect";
import { planExport, slugify } from "../../src/export/plan";
import { seededServer } from "./helpers";

describe("resource names of exported monitors", () => {
  let env: Awaited<ReturnType<typeof seededServer>>;
  beforeAll(async () => {
    // Created in this order, so ids 1 to 6; the second and the last hold basic auth, read from config.
    env = await seededServer([
      { name: "API health", url: "https://api.example.com/1", interval: 60 },
      {
        name: "API-health",
        url: "https://api.example.com/2",
        interval: 60,
        request_auth_username: "u",
        request_auth_password: "p",
      },
      { name: "api health!", url: "https://api.example.com/3", interval: 60 },
      { name: "🚀", url: "https://api.example.com/4", interval: 60 },
      { name: "api-health-2", url: "https://api.example.com/5", interval: 60 },
      {
        name: "Billing, basic auth",
        url: "https://api.example.com/6",
        interval: 60,
        request_auth_username: "u",
        request_auth_password: "p",
      },
    ]);
  });
  afterAll(() => env?.close());

  it("are lower-case slugs of the names", () => {
    expect(slugify("API health (EU)")).toBe("api-health-eu");
    expect(slugify("Café menu")).toBe("cafe-menu");
    expect(slugify("  --Billing, basic auth--  ")).toBe("billing-basic-auth");
    expect(slugify("x".repeat(100))).toHaveLength(60);
  });

  it("are de-duplicated in id order, and fall back to the id when nothing is left", async () => {
    const plan = planExport(await collectMonitors(env.client));
    expect(plan.monitors.map((m) => m.resourceName)).toEqual([
      "api-health",
      "api-health-2",
      "api-health-3",
      "monitor-4",
      "api-health-2-2",
      "billing-basic-auth",
    ]);
  });

  it("give camelCase config key prefixes", async () => {
    const plan = planExport(await collectMonitors(env.client));
    expect(plan.secrets.map((s) => [s.resourceName, s.configKey])).toEqual([
      ["api-health-2", "apiHealth2RequestAuthPassword"],
      ["billing-basic-auth", "billingBasicAuthRequestAuthPassword"],
    ]);
  });
});
