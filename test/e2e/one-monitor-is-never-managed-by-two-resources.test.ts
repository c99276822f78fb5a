/**
 * Under the real engine (all resources of a run are checked in one provider process): two
 * resources declaring one monitor, by name in any case or by adoptId, fail at preview
 * with no request but the provider's one settings check, naming both resources. A resource renamed in one run, the new one
 * adopting the monitor, keeps the monitor: the old one's delete leaves it, with a warning,
 * and a destroy deletes it once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, MONITOR_TYPE, byName, failed, ok, summary } from "./harness";
import { apiRequests, describeRequests, requestsBeyondSettingsCheck, startE2EServer, type E2EServer } from "./api";

type Declared = { resource: string; name: string; adopt?: boolean; adoptId?: number };

describe("one monitor, two resources", () => {
  let srv: E2EServer;
  let stack: E2EStack;
  const declare = (monitors: Declared[]) => stack.setConfig("fixture:monitors", JSON.stringify(monitors));

  beforeAll(async () => {
    srv = await startE2EServer();
    stack = await E2EStack.create({ project: "claims", server: srv, config: { "fixture:monitors": "[]" } });
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });

  it("two resources with one name (in another case) fail preview, naming both, sending nothing but the settings check", async () => {
    await declare([
      { resource: "checkout", name: "Checkout API" },
      { resource: "checkout-again", name: "checkout api" },
    ]);
    const from = srv.server.requests.length;
    const preview = failed(await stack.preview());
    expect(preview.output).toMatch(
      /Monitor resource 'checkout(-again)?'.*name: "(Checkout API|checkout api)" is also declared by Monitor "checkout(-again)?"/,
    );
    expect(preview.output).toContain("both resources would manage one monitor");
    expect(requestsBeyondSettingsCheck(srv.server, from), describeRequests(srv.server, from)).toEqual([]);
  });

  it("two adoptIds of one monitor fail preview, naming both", async () => {
    const m = await srv.api.createMonitor({ name: "Legacy", url: "https://legacy.example.com", interval: 60 });
    await declare([
      { resource: "legacy-1", name: "Legacy one", adoptId: m.id },
      { resource: "legacy-2", name: "Legacy two", adoptId: m.id },
    ]);
    const preview = failed(await stack.preview());
    expect(preview.output).toMatch(new RegExp(`adoptId: monitor ${m.id} is also adopted by Monitor "legacy-[12]"`));
    await srv.api.deleteMonitor(m.id);
  });

  it("a resource renamed in one run, the new one adopting: the monitor is kept, and destroyed once", async () => {
    await declare([{ resource: "before", name: "Renamed" }]);
    ok(await stack.up());
    const [created] = await srv.api.monitors();

    await declare([{ resource: "after", name: "Renamed", adopt: true }]);
    const up = ok(await stack.up());
    expect(summary(up.output)).toMatchObject({ create: 1, delete: 1 });
    expect(up.output).toContain(
      `Monitor "before": monitor ${created.id} was not deleted, because Monitor "after" manages it now.`,
    );
    expect((await srv.api.monitors()).map((m) => m.id)).toEqual([created.id]);
    const after = byName(await stack.resources(MONITOR_TYPE), "after");
    expect(after.id).toBe(String(created.id));
    // The URN the resource class recorded for these checks is the one the engine gave it.
    expect(after.inputs?.__urn).toBe(after.urn);
    ok(await stack.preview(["--expect-no-changes"]));

    const from = srv.server.requests.length;
    ok(await stack.destroy());
    expect(
      apiRequests(srv.server, from)
        .filter((r) => r.method === "DELETE")
        .map((r) => `${r.path} ${r.status}`),
    ).toEqual([`/api/v1/monitors/${created.id} 200`]);
    expect(await srv.api.monitors()).toEqual([]);
  });
});
