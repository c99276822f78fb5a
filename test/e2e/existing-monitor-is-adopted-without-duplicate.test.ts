/**
 * Adoption: a monitor created through the API first, then declared with `adopt: true`.
 * `up` takes it over (same id, no second monitor with that name) and updates it to the
 * declared state; from then on it is managed like any other.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, MONITOR_TYPE, byName, ok, summary } from "./harness";
import { asList, startE2EServer, type E2EServer } from "./api";

const NAME = "e2e adoptee";

describe("adoption", () => {
  let srv: E2EServer;
  let stack: E2EStack;

  beforeAll(async () => {
    srv = await startE2EServer();
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });

  it("takes over the existing monitor without a duplicate and updates it", async () => {
    const existing = await srv.api.createMonitor({ name: NAME, url: "https://old.example.com/", interval: 60 });
    stack = await E2EStack.create({
      project: "adopt",
      server: srv,
      config: { "fixture:name": NAME, "fixture:url": "https://adopted.example.com/health", "fixture:interval": "300" },
    });

    const from = srv.server.requests.length;
    const up = ok(await stack.up());
    expect(summary(up.output)).toMatchObject({ create: 2 }); // the stack and the (adopted) monitor
    // One write, the update to the declared state; no store.
    const writes = srv.server.requests.slice(from).filter((r) => r.write);
    expect(writes.map((r) => `${r.method === "PUT" ? "PATCH" : r.method} ${r.path}`)).toEqual([
      `PATCH /api/v1/monitors/${existing.id}`,
    ]);

    const named = (await srv.api.monitors()).filter((m) => m.name === NAME);
    expect(named).toHaveLength(1);
    expect(named[0]).toMatchObject({ id: existing.id, url: "https://adopted.example.com/health", interval: 300 });
    expect(asList(named[0].alerts).map(({ key, value }) => ({ key, value }))).toEqual([
      { key: "email", value: "adopt@example.com" },
    ]);
    expect(await srv.api.monitors()).toHaveLength(1);
    expect(byName(await stack.resources(MONITOR_TYPE), "adopted").id).toBe(String(existing.id));
    expect(await stack.outputs()).toMatchObject({ monitorId: existing.id });

    ok(await stack.preview(["--expect-no-changes"]));

    // Managed from now on: a change is an in-place update of the same monitor.
    await stack.setConfig("fixture:interval", "600");
    ok(await stack.up());
    expect(await stack.lastChanges()).toEqual({ update: 1, same: 1 });
    expect(await srv.api.monitor(existing.id)).toMatchObject({ id: existing.id, interval: 600 });
    expect(await srv.api.monitors()).toHaveLength(1);
  });
});
