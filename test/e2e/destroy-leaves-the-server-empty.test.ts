/**
 * Teardown: `destroy` deletes every monitor and incident of the stack: the server is
 * empty afterwards, and so is the stack. A monitor already deleted out of band (no refresh
 * in between) does not stop it: its 404 counts as deleted.
 */
import { describe, expect, it } from "vitest";
import { ok, secs, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";

describe("pulumi destroy", () => {
  const e2e = lifecycleStack({ stack: { project: "lifecycle" }, up: true });

  it("leaves the server empty, even when a monitor was already deleted out of band", async () => {
    expect(await e2e.srv.api.monitors()).toHaveLength(2);
    const [incident] = await e2e.srv.api.incidents();
    const api = await e2e.srv.api.monitorNamed("e2e api");
    await e2e.srv.api.deleteMonitor((await e2e.srv.api.monitorNamed("e2e web")).id);

    const from = e2e.srv.server.requests.length;
    const destroy = ok(await e2e.stack.destroy());
    console.log(`destroy (2 monitors + 1 incident): ${secs(destroy.ms)}`);
    expect(summary(destroy.output)).toMatchObject({ delete: 4 });
    expect(await e2e.srv.api.monitors()).toEqual([]);
    expect(await e2e.srv.api.incidents()).toEqual([]);
    expect(await e2e.stack.resources()).toEqual([]);

    // Deletes only, the incident before the monitor it belongs to.
    const writes = e2e.srv.server.requests.slice(from).filter((r) => r.write);
    expect(writes.every((r) => r.method === "DELETE")).toBe(true);
    const paths = writes.map((r) => r.path);
    expect(paths).toContain(`/api/v1/incidents/${incident.id}`);
    expect(paths.indexOf(`/api/v1/incidents/${incident.id}`)).toBeLessThan(paths.indexOf(`/api/v1/monitors/${api.id}`));
    expect(writes).toHaveLength(3);
  });
});
