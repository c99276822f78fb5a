/**
 * A provider resource records `defaults` twice (runtime/held-defaults.ts): shown without its
 * secret values, and whole, secret. Read from the state, its `defaults` setting is the whole one.
 */
import { expect, test } from "vitest";
import { settingsResolver } from "../../src/stack/provider-settings";
import type { StateResource } from "../../src/stack/state-resource";
import { uptimeProvider } from "./state-resources";

const secret = (value: unknown) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  plaintext: JSON.stringify(value),
});
const PROVIDER = "urn:pulumi:dev::shop::pulumi:providers:uptime::default";
const whole = JSON.stringify({ requestHeaders: [{ key: "Authorization", value: "Bearer held-3a9c" }] });

test("a default provider's defaults setting is the held JSON text, not the shown form", () => {
  const provider = uptimeProvider(PROVIDER, "p1", {
    baseUrl: "https://uptime.example.com",
    defaults: { requestHeaders: [{ key: "Authorization" }] },
    _defaultsHeld: secret(whole),
  });
  const monitor = { urn: "urn:pulumi:dev::shop::uptime:index:Monitor::api", provider: `${PROVIDER}::p1` };
  const settings = settingsResolver([provider], new Map(), {})(monitor as StateResource).settings;
  expect(settings.defaults).toBe(whole);
  expect(settings.baseUrl).toBe("https://uptime.example.com");
});
