/**
 * `Monitor.get(name, id)` under the real engine: a program reads a monitor it does not
 * manage (created through the API) and exports its fields; `destroy` leaves it alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, MONITOR_TYPE, byName, ok } from "./harness";
import { startE2EServer, type E2EServer } from "./api";

describe("Monitor.get", () => {
  let srv: E2EServer;
  let stack: E2EStack;

  beforeAll(async () => {
    srv = await startE2EServer();
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });

  it("reads an existing monitor without managing it", async () => {
    const existing = await srv.api.createMonitor({ name: "e2e read only", url: "https://readonly.example.com/", interval: 900 });
    stack = await E2EStack.create({ project: "get", server: srv, config: { "fixture:existingId": String(existing.id) } });

    const writes = srv.server.writeCount();
    const up = ok(await stack.up());
    expect(up.output).toMatch(/read\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+existing/);
    expect(await stack.outputs()).toMatchObject({
      name: "e2e read only",
      url: "https://readonly.example.com/",
      interval: 900,
      monitorId: existing.id,
    });
    const state = byName(await stack.resources(MONITOR_TYPE), "existing");
    expect(state).toMatchObject({ id: String(existing.id), external: true });

    ok(await stack.preview(["--expect-no-changes"]));
    ok(await stack.destroy());
    expect(srv.server.writeCount() - writes).toBe(0);
    expect(await srv.api.monitor(existing.id)).toMatchObject({ id: existing.id, name: "e2e read only" });
  });

  // KNOWN BUG (reported; flip to `it` once fixed): on a 404 the provider's `read` answers an
  // empty id, which is right for `refresh` (the monitor was deleted out of band: drop it from
  // state so that `up` creates it again) but wrong for `Monitor.get`: the engine then accepts
  // the read and the program silently gets undefined for every output ("warning: Undefined
  // value (name) will not show as a stack output"), and `up` succeeds. Proposed fix in
  // src/providers/monitor/provider.ts readMonitor: answer the empty id only when `props` is a
  // managed monitor's state (it has monitorId/name); for a bare `get` (props holds only
  // __provider) throw "no monitor with id <id> in this account". Same for readIncident.
  it("fails clearly for an id that does not exist", async () => {
    await stack.setConfig("fixture:existingId", "999999");
    const up = await stack.up();
    expect(up.output).not.toMatch(/Undefined value \(name\)/);
    expect(up.code).not.toBe(0);
    expect(up.output).toMatch(/999999/);
  });
});
