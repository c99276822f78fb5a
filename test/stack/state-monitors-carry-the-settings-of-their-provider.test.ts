/**
 * `readStateMonitors` reads a stack's state and config with secrets shown and gives each
 * monitor the stack holds with its service id, name and the settings of the provider that
 * manages it: a declared provider's inputs (secret key opened), else the stack's config,
 * the environment filling the rest. Monitors pending deletion or never created are not held.
 */
import { afterAll, expect, test } from "vitest";
import { readStateMonitors } from "../../src/stack/state-monitors";
import { standInPulumi } from "../support/stand-in-pulumi";
import { stackResource, uptimeProvider } from "./state-resources";

const STACK = "urn:pulumi:dev::shop";
const secret = (value: string) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  plaintext: JSON.stringify(value),
});
const PROD = `${STACK}::pulumi:providers:uptime::prod`;

const resources = [
  stackResource(STACK, "shop-dev"),
  uptimeProvider(PROD, "p1", {
    baseUrl: "https://prod.example.com",
    apiKey: secret("prod-key"),
    requestsPerMinute: 60,
  }),
  {
    urn: `${STACK}::uptime:index:Monitor::api`,
    type: "uptime:index:Monitor",
    id: "41",
    custom: true,
    provider: `${PROD}::p1`,
    modified: "2026-11-27T07:00:00Z",
    outputs: { name: "API", interval: 60 },
  },
  {
    urn: `${STACK}::pulumi-nodejs:dynamic/uptime:Monitor::web`,
    type: "pulumi-nodejs:dynamic/uptime:Monitor",
    id: "0a6b",
    custom: true,
    outputs: { monitorId: 42, name: "Web" },
  },
  {
    urn: `${STACK}::uptime:index:Monitor::replaced`,
    type: "uptime:index:Monitor",
    id: "40",
    custom: true,
    delete: true,
  },
  { urn: `${STACK}::uptime:index:Monitor::failed`, type: "uptime:index:Monitor", id: "", custom: true },
];
const config = {
  "uptime:baseUrl": { value: "https://config.example.com" },
  "uptime:apiKey": { value: "config-key", secret: true },
  "shop:other": { value: "x" },
};

const pulumi = standInPulumi({
  "stack export": { stdout: JSON.stringify({ version: 3, deployment: { resources } }) },
  config: { stdout: JSON.stringify(config) },
});
afterAll(() => pulumi.remove());

test("each held monitor comes with its id, names and its provider's settings", async () => {
  const monitors = await readStateMonitors({
    bin: pulumi.bin,
    cwd: pulumi.dir,
    env: { UPTIME_TIME_ZONE: "Europe/Berlin" },
    stack: "dev",
  });
  expect(monitors).toEqual([
    {
      id: 41,
      name: "API",
      resourceName: "api",
      urn: `${STACK}::uptime:index:Monitor::api`,
      provider: {
        settings: expect.objectContaining({
          baseUrl: "https://prod.example.com",
          apiKey: "prod-key",
          requestsPerMinute: 60,
          timeZone: "Europe/Berlin",
        }) as unknown,
        from: 'provider "prod"',
      },
      interval: 60,
      modifiedMs: Date.parse("2026-11-27T07:00:00Z"),
    },
    {
      id: 42,
      name: "Web",
      resourceName: "web",
      urn: `${STACK}::pulumi-nodejs:dynamic/uptime:Monitor::web`,
      provider: {
        settings: expect.objectContaining({
          baseUrl: "https://config.example.com",
          apiKey: "config-key",
          timeZone: "Europe/Berlin",
        }) as unknown,
        from: "the stack's config",
      },
      interval: undefined,
      modifiedMs: undefined,
    },
  ]);
});

test("the state and the config are read with secrets shown, from the named stack, without prompts", () => {
  const byCommand = new Map(pulumi.calls().map((c) => [c.args.slice(0, 2).join(" "), c.args]));
  expect(byCommand.get("stack export")).toEqual(
    expect.arrayContaining(["--show-secrets", "--stack", "dev", "--non-interactive"]),
  );
  expect(byCommand.get("config --show-secrets")).toEqual(
    expect.arrayContaining(["--json", "--stack", "dev", "--non-interactive"]),
  );
});
