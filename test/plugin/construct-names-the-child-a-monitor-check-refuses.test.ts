/**
 * A child monitor that the component's plan accepts but the monitor's own check refuses
 * (here a path with a space makes an invalid URL) fails Construct with the child's real
 * problem: the component, the check, the child's resource name and the field, the secret
 * base URL withheld. The provider's default interval counts for checks that give none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutComponent, PluginUnderTest, secret } from "./helpers";

const baseUrl = "https://internal-7f3a.example.com";

describe("Construct of a ServiceMonitors whose child fails the monitor's check", () => {
  let plugin: PluginUnderTest;
  beforeAll(async () => {
    plugin = await PluginUnderTest.start();
    await plugin.configure({
      baseUrl: "http://127.0.0.1:9",
      apiKey: secret("k"),
      defaults: JSON.stringify({ interval: 900 }),
    });
  });
  afterAll(() => plugin?.close());

  it("names the component, the check, the child and the field, without the secret value", async () => {
    const req = checkoutComponent({
      service: "checkout",
      baseUrl: secret(baseUrl),
      // No interval anywhere but the provider's defaults.
      checks: { health: { path: "/health" }, search: { path: "/search me" } },
    });
    const err = (await plugin.call("construct", req).then(
      () => undefined,
      (e: unknown) => e,
    )) as Error | undefined;
    expect(err?.message).toMatch(
      /ServiceMonitors "checkout": check "search" \(monitor "checkout-search"\): field "url": "\[secret\]" is not a valid http or https URL/,
    );
    expect(err?.message).not.toContain("connection is closing");
    expect(err?.message).not.toContain("interval");
    expect(err?.message).not.toContain(baseUrl);
  });
});
