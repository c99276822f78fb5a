/**
 * A key the service rejects is a settings error: `verify` exits 2 (as for usage and settings),
 * not 1 (a monitor failed), naming the settings it read with and never the key.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { StateResource } from "../../src/stack/state-resource";
import { createMonitor } from "../support/api";
import { startTestServer, type UptimeServer } from "../support/server";
import { verifyStandInStack } from "./verify-stack";

let server: UptimeServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test("a rejected API key is exit 2, naming the settings, not the key", async () => {
  const m = await createMonitor(server, { name: "rejected key" });
  const monitor: StateResource = {
    urn: "urn:pulumi:dev::shop::pulumi-nodejs:dynamic/uptime:Monitor::rejected",
    type: "pulumi-nodejs:dynamic/uptime:Monitor",
    id: String(m.id),
    provider: "urn:pulumi:dev::shop::pulumi:providers:pulumi-nodejs::default::1",
    modified: new Date().toISOString(),
    outputs: { name: "rejected key", monitorId: m.id, interval: 60 },
  };
  const wrongKey = "wrong-key-never-printed-5d1f";
  const { code, stdout, stderr } = await verifyStandInStack(
    {
      updateStartMs: 0,
      resources: [monitor],
      config: new Map([
        ["uptime:baseUrl", server.url],
        ["uptime:apiKey", wrongKey],
      ]),
    },
    ["--all", "--within", "2s", "--interval", "1"],
  );
  expect(code).toBe(2);
  expect(stderr).toMatch(/^pulumi-uptime verify: reading the monitors with the settings of .+: .*401/);
  expect(stdout + stderr).not.toContain(wrongKey);
});
