/**
 * Adoption: a monitor created through the API first, then declared with `adopt: true`.
 * `up` takes it over (same id, no second monitor with that name) and updates it to the
 * declared state; from then on it is managed like any other.
 */
import { describe, expect, it } from "vitest";
import { MONITOR_TYPE, byName, ok, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { asList } from "./api";

const NAME = "e2e adoptee";

describe("adoption", () => {
  const e2e = lifecycleStack();

  it("takes over the existing monitor without a duplicate and updates it", async () => {
    const existing = await e2e.srv.api.createMonitor({ name: NAME, url: "https://old.example.com/", interval: 60 });
    await e2e.create({
      project: "adopt",
      config: { "fixture:name": NAME, "fixture:url": "https://adopted.example.com/health", "fixture:interval": "300" },
    });

    const from = e2e.srv.server.requests.length;
    const up = ok(await e2e.stack.up());
    expect(summary(up.output)).toMatchObject({ create: 2 }); // the stack and the (adopted) monitor
    // One write, the update to the declared state; no store.
    const writes = e2e.srv.server.requests.slice(from).filter((r) => r.write);
    expect(writes.map((r) => `${r.method === "PUT" ? "PATCH" : r.method} ${r.path}`)).toEqual([
      `PATCH /api/v1/monitors/${existing.id}`,
    ]);

    const named = (await e2e.srv.api.monitors()).filter((m) => m.name === NAME);
    expect(named).toHaveLength(1);
    expect(named[0]).toMatchObject({ id: existing.id, url: "https://adopted.example.com/health", interval: 300 });
    expect(asList(named[0].alerts).map(({ key, value }) => ({ key, value }))).toEqual([
      { key: "email", value: "adopt@example.com" },
    ]);
    expect(await e2e.srv.api.monitors()).toHaveLength(1);
    expect(byName(await e2e.stack.resources(MONITOR_TYPE), "adopted").id).toBe(String(existing.id));
    expect(await e2e.stack.outputs()).toMatchObject({ monitorId: existing.id });

    ok(await e2e.stack.preview(["--expect-no-changes"]));

    // Managed from now on: a change is an in-place update of the same monitor.
    await e2e.stack.setConfig("fixture:interval", "600");
    ok(await e2e.stack.up());
    expect(await e2e.stack.lastChanges()).toEqual({ update: 1, same: 1 });
    expect(await e2e.srv.api.monitor(existing.id)).toMatchObject({ id: existing.id, interval: 600 });
    expect(await e2e.srv.api.monitors()).toHaveLength(1);
  });
});
