/**
 * The monitors a `ServiceMonitors` made are ordinary monitors of the stack's state: children
 * of the component (their URNs carry its type), managed by the provider that built it. The
 * reader `verify --stack` uses gives each with its id, its conventional name and that
 * provider's settings; the component itself is not a monitor.
 */
import { expect, test } from "vitest";
import { monitorsInState } from "../../src/stack/state-monitors";
import type { StateResource } from "../../src/stack/state-resource";
import { stackResource, uptimeProvider } from "./state-resources";

const STACK = "urn:pulumi:prod::shop";
const PROVIDER = `${STACK}::pulumi:providers:uptime::default`;
const COMPONENT = `${STACK}::uptime:index:ServiceMonitors::checkout`;
const child = (key: string, id: string): StateResource =>
  ({
    urn: `${STACK}::uptime:index:ServiceMonitors$uptime:index:Monitor::checkout-${key}`,
    type: "uptime:index:Monitor",
    id,
    custom: true,
    parent: COMPONENT,
    provider: `${PROVIDER}::p1`,
    outputs: { name: `prod/checkout/${key}`, interval: 300 },
  }) as StateResource;

test("each monitor of a ServiceMonitors is a monitor of the stack, with its provider's settings", () => {
  const resources = [
    stackResource(STACK, "shop-prod"),
    uptimeProvider(PROVIDER, "p1", { baseUrl: "https://uptime.example.com", apiKey: "key" }),
    {
      urn: COMPONENT,
      type: "uptime:index:ServiceMonitors",
      custom: false,
      parent: `${STACK}::pulumi:pulumi:Stack::shop-prod`,
    },
    child("health", "11"),
    child("home", "12"),
  ] as StateResource[];
  const monitors = monitorsInState(resources, new Map(), {});
  expect(monitors.map((m) => [m.id, m.name, m.resourceName, m.provider.from])).toEqual([
    [11, "prod/checkout/health", "checkout-health", 'provider "default"'],
    [12, "prod/checkout/home", "checkout-home", 'provider "default"'],
  ]);
  expect(monitors[0].provider.settings).toMatchObject({ baseUrl: "https://uptime.example.com", apiKey: "key" });
});
