/**
 * Teardown: `destroy` deletes every monitor and incident of the stack: the server is
 * empty afterwards, and so is the stack. A monitor already deleted out of band (no refresh
 * in between) does not stop it: its 404 counts as deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, ok, secs, summary } from "./harness";
import { startE2EServer, type E2EServer } from "./api";

describe("pulumi destroy", () => {
  let srv: E2EServer;
  let stack: E2EStack;

  beforeAll(async () => {
    srv = await startE2EServer();
    stack = await E2EStack.create({ project: "lifecycle", server: srv });
    ok(await stack.up());
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });

  it("leaves the server empty, even when a monitor was already deleted out of band", async () => {
    expect(await srv.api.monitors()).toHaveLength(2);
    const [incident] = await srv.api.incidents();
    const api = await srv.api.monitorNamed("e2e api");
    await srv.api.deleteMonitor((await srv.api.monitorNamed("e2e web")).id);

    const from = srv.server.requests.length;
    const destroy = ok(await stack.destroy());
    console.log(`destroy (2 monitors + 1 incident): ${secs(destroy.ms)}`);
    expect(summary(destroy.output)).toMatchObject({ delete: 4 });
    expect(await srv.api.monitors()).toEqual([]);
    expect(await srv.api.incidents()).toEqual([]);
    expect(await stack.resources()).toEqual([]);

    // Deletes only, the incident before the monitor it belongs to.
    const writes = srv.server.requests.slice(from).filter((r) => r.write);
    expect(writes.every((r) => r.method === "DELETE")).toBe(true);
    const paths = writes.map((r) => r.path);
    expect(paths).toContain(`/api/v1/incidents/${incident.id}`);
    expect(paths.indexOf(`/api/v1/incidents/${incident.id}`)).toBeLessThan(paths.indexOf(`/api/v1/monitors/${api.id}`));
    expect(writes).toHaveLength(3);
  });
});
