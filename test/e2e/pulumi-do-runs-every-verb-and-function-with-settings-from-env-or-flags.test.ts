/**
 * `pulumi do` (the CLI's direct resource operations, 3.257 and later; the suite's CLI,
 * CLI_VERSION, is 3.274.1) through the provider plugin against a local server: every
 * verb on Monitor and Incident (create, read, patch, upsert, delete, all `--stateless`) and the
 * four functions, with the provider's settings from UPTIME_* variables and, apart, from
 * `--uptime:*` flags. `pulumi do` sends a null for every setting it was not given, which the Go
 * client also copies into the old `variables` map as the text "null"; each verb failed with
 * `uptime:baseUrl has no scheme: "null"` while the plugin took that text over the real nulls.
 * Last, what the schema's help says: `pulumi do` reads no stack config.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequests, startE2EServer, type E2EServer } from "./api";
import { failed, ok, type E2EStack } from "./harness";
import { answer, doStack, inputFile, pulumiDo, type Json } from "./pulumi-do";

const MONITOR = "uptime:index:Monitor";
const INCIDENT = "uptime:index:Incident";
const YES = ["--yes"];

for (const source of ["env", "flags"] as const) {
  describe(`pulumi do, settings from ${source === "env" ? "UPTIME_* variables" : "--uptime:* flags"}`, () => {
    let srv: E2EServer;
    let stack: E2EStack;
    /** The settings flags of every call (none when they come from the environment). */
    let settings: string[] = [];

    beforeAll(async () => {
      srv = await startE2EServer();
      const env = { UPTIME_BASE_URL: srv.url, UPTIME_API_KEY: srv.apiKey };
      stack = await doStack(source === "env" ? env : {});
      if (source === "flags") settings = ["--uptime:base-url", srv.url, "--uptime:api-key", srv.apiKey];
    });
    afterAll(async () => {
      stack?.dispose();
      await srv?.close();
    });

    it("creates, reads, patches, upserts and deletes a monitor, and the functions read it", async () => {
      const name = `pulumi do ${source}`;
      const created = await answer(
        stack,
        MONITOR,
        ["create"],
        [
          ...settings,
          "--name",
          name,
          "--url",
          "https://do.example.com/",
          ...inputFile(stack, { interval: 300 }),
          ...YES,
        ],
      );
      const id = String(created.id);
      expect(created).toMatchObject({ name, url: "https://do.example.com/", interval: 300 });
      expect(await srv.api.monitor(id)).toMatchObject({ name, url: "https://do.example.com/", interval: 300 });

      expect(await answer(stack, MONITOR, ["read", id], settings)).toMatchObject({ name, interval: 300 });

      await answer(stack, MONITOR, ["patch", id], [...settings, ...inputFile(stack, { interval: 600 }), ...YES]);
      expect(await srv.api.monitor(id)).toMatchObject({ name, url: "https://do.example.com/", interval: 600 });

      // upsert gives every input anew (the interval is required: no default fills it).
      const full = [...settings, "--name", name, "--url", "https://up.example.com/"];
      await answer(stack, MONITOR, ["upsert", id], [...full, ...inputFile(stack, { interval: 180 }), ...YES]);
      expect(await srv.api.monitor(id)).toMatchObject({
        id: Number(id),
        url: "https://up.example.com/",
        interval: 180,
      });

      expect(await answer(stack, "uptime:index:getMonitor", [], [...settings, "--monitor-id", id])).toMatchObject({
        name,
        url: "https://up.example.com/",
      });
      const found = await answer(stack, "uptime:index:getMonitors", [], [...settings, "--search", name]);
      expect(found.monitors.map((m: Json) => String(m.monitorId ?? m.id))).toEqual([id]);

      ok(await pulumiDo(stack, MONITOR, ["delete", id], [...settings, ...YES]));
      expect(await srv.api.monitor(id)).toBeUndefined();
    });

    it("creates, reads, patches, upserts and deletes an incident, and the functions read it", async () => {
      const monitor = await srv.api.createMonitor({
        name: `incidents ${source}`,
        url: "https://i.example.com/",
        interval: 300,
      });
      const monitorId = String(monitor.id);
      const startedAt = "2026-01-02T03:04:05";
      const created = await answer(
        stack,
        INCIDENT,
        ["create"],
        [...settings, "--monitor-id", monitorId, "--started-at", startedAt, "--cause", "made by pulumi do", ...YES],
      );
      const id = String(created.id);
      expect(created).toMatchObject({ monitorId: Number(monitorId), cause: "made by pulumi do" });

      expect(await answer(stack, INCIDENT, ["read", id], settings)).toMatchObject({ cause: "made by pulumi do" });

      await answer(stack, INCIDENT, ["patch", id], [...settings, "--comment", "patched", ...YES]);
      expect(await answer(stack, INCIDENT, ["read", id], settings)).toMatchObject({
        cause: "made by pulumi do",
        comment: "patched",
      });

      await answer(
        stack,
        INCIDENT,
        ["upsert", id],
        [...settings, "--monitor-id", monitorId, "--started-at", startedAt, "--cause", "upserted", ...YES],
      );
      expect(await answer(stack, "uptime:index:getIncident", [], [...settings, "--incident-id", id])).toMatchObject({
        cause: "upserted",
      });
      const listed = await answer(stack, "uptime:index:getIncidents", [], [...settings, "--monitor-id", monitorId]);
      expect(listed.incidents.map((i: Json) => String(i.incidentId ?? i.id))).toEqual([id]);

      ok(await pulumiDo(stack, INCIDENT, ["delete", id], [...settings, ...YES]));
      expect(failed(await pulumiDo(stack, INCIDENT, ["read", id], settings)).output).toMatch(/no incident with id/);
    });
  });
}

describe("pulumi do and stack config", () => {
  let srv: E2EServer;
  let stack: E2EStack;
  beforeAll(async () => {
    srv = await startE2EServer();
    stack = await doStack();
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });

  it("reads no stack config: the settings the stack holds do not reach it", async () => {
    await stack.setConfig("uptime:baseUrl", srv.url);
    await stack.setConfig("uptime:apiKey", srv.apiKey, true);
    const r = failed(await pulumiDo(stack, MONITOR, ["read", "1"], []));
    expect(r.output).toMatch(/baseUrl/);
    expect(r.output).not.toMatch(/"null"/);
    expect(apiRequests(srv.server)).toEqual([]);
  });
});
