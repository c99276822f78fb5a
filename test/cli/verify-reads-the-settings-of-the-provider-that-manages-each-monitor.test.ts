/**
 * `verify` reads each monitor with the settings of the provider that manages it: a
 * provider the program declares (its inputs in the state, the key a secret opened as
 * `stack export --show-secrets` gives it), else the stack's config. The stack's config
 * points at nothing here, so a monitor of the declared provider is verified only if its
 * provider's settings were used. Against a checking local server over loopback.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { verifyStandInStack } from "./verify-stack";
import type { StateResource } from "../../src/stack/state-resource";
import { createMonitor } from "../support/api";
import { closedPort } from "../support/closed-port";
import { DEFAULT_API_KEY, startCheckingServer, type UptimeServer } from "../support/server";
import { startTarget, type Target } from "../support/targets";

let server: UptimeServer;
let good: Target;
beforeAll(async () => {
  server = await startCheckingServer();
  good = await startTarget();
  NOWHERE = new Map([
    ["uptime:baseUrl", `http://127.0.0.1:${await closedPort()}`],
    ["uptime:apiKey", "not-the-key"],
    ["uptime:maxRetries", "0"],
  ]);
});
afterAll(async () => {
  await Promise.all([server.close(), good.close()]);
});

const STACK = "urn:pulumi:dev::shop";
const secret = (value: string) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  plaintext: JSON.stringify(value),
});
/** Stack config pointing where nothing listens (no retries): settings that lead there fail. */
let NOWHERE: Map<string, string>;

/**
 * A monitor in the state, recorded at `modifiedMs`: verify waits for a check after it, and
 * the service's `checked_at` has whole seconds, so the tests record it before the monitor's
 * first check rather than racing it.
 */
function monitorResource(
  type: string,
  name: string,
  id: number,
  provider: string,
  modifiedMs = Date.now(),
): StateResource {
  return {
    urn: `${STACK}::${type}::${name}`,
    type,
    id: String(id),
    provider,
    modified: new Date(modifiedMs).toISOString(),
    outputs: { name, monitorId: id, interval: 60 },
  };
}

function run(resources: StateResource[], config: Map<string, string>, updateStartMs: number) {
  return verifyStandInStack({ updateStartMs, resources, config }, ["--all", "--within", "5s", "--interval", "1"]);
}

test("a monitor of a declared provider is read with that provider's URL and secret key, not the stack's config", async () => {
  // Before the monitor exists: any check of it counts as after the "update".
  const since = Date.now() - 1000;
  const m = await createMonitor(server, { name: "verify explicit", url: good.url });
  await server.runChecks();
  const provider: StateResource = {
    urn: `${STACK}::pulumi:providers:uptime::prod-account`,
    type: "pulumi:providers:uptime",
    id: "7f1c",
    inputs: { baseUrl: server.url, apiKey: secret(DEFAULT_API_KEY), requestsPerMinute: "600" },
  };
  const r = await run(
    [provider, monitorResource("uptime:index:Monitor", "verify explicit", m.id, `${provider.urn}::7f1c`, since)],
    NOWHERE,
    since,
  );
  expect(r.stderr).toBe("");
  expect(r.stdout).toMatch(/^ok +verify explicit \(verify explicit, id \d+\): online: 200 OK$/m);
  expect(r.code).toBe(0);
  expect(r.stdout + r.stderr).not.toContain(DEFAULT_API_KEY);
});

test("a dynamic-provider monitor is read with the stack's config", async () => {
  // Before the monitor exists: any check of it counts as after the "update".
  const since = Date.now() - 1000;
  const m = await createMonitor(server, { name: "verify dynamic", url: good.url });
  await server.runChecks();
  const monitor = monitorResource(
    "pulumi-nodejs:dynamic/uptime:Monitor",
    "verify dynamic",
    m.id,
    `${STACK}::pulumi:providers:pulumi-nodejs::default::1`,
    since,
  );
  const config = new Map([
    ["uptime:baseUrl", server.url],
    ["uptime:apiKey", DEFAULT_API_KEY],
  ]);
  const ok = await run([monitor], config, since);
  expect(ok.stdout).toMatch(/^ok +verify dynamic .*: online: 200 OK$/m);
  expect(ok.code).toBe(0);
  const wrong = await run([monitor], NOWHERE, since);
  expect(wrong.code).toBe(1);
});

test("a declared provider without a key (and none in the environment) is exit 2, naming the provider", async () => {
  const provider: StateResource = {
    urn: `${STACK}::pulumi:providers:uptime::keyless`,
    type: "pulumi:providers:uptime",
    id: "9",
    inputs: { baseUrl: server.url },
  };
  const r = await run([provider, monitorResource("uptime:index:Monitor", "m", 1, `${provider.urn}::9`)], NOWHERE, 0);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/^pulumi-uptime verify: provider "keyless" \(monitor m\): .*missing the API key/);
  expect(r.stderr).not.toContain("not-the-key");
});
