import { describe, expect, it } from "vitest";
import { camelFromSlug, resourceNames, slugify } from "../../src/export/plan";

describe("resource names of exported monitors", () => {
  it("are lower-case slugs of the names", () => {
    expect(slugify("API health (EU)")).toBe("api-health-eu");
    expect(slugify("Café menu")).toBe("cafe-menu");
    expect(slugify("  --Billing, basic auth--  ")).toBe("billing-basic-auth");
    expect(slugify("x".repeat(100))).toHaveLength(60);
  });

  it("are de-duplicated in id order, and fall back to the id when nothing is left", () => {
    expect(
      resourceNames([
        { id: 1, name: "API health" },
        { id: 2, name: "API-health" },
        { id: 3, name: "api health!" },
        { id: 4, name: "🚀" },
        { id: 5, name: "api-health-2" },
      ]),
    ).toEqual(["api-health", "api-health-2", "api-health-3", "monitor-4", "api-health-2-2"]);
  });

  it("give camelCase config key prefixes", () => {
    expect(camelFromSlug("billing-basic-auth")).toBe("billingBasicAuth");
    expect(camelFromSlug("api-health-2")).toBe("apiHealth2");
  });
});
