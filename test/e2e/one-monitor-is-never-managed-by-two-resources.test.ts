/**
 * Under the real engine (all resources of a run are checked in one provider process): two
 * resources declaring one monitor, by name in any case or by adoptId, fail at preview
 * with no request but the provider's one settings check, naming both resources. A resource renamed in one run, the new one
 * adopting the monitor, keeps the monitor: the old one's delete leaves it, with a warning,
 * and a destroy deletes it once.
 */
import { describe, expect, it } from "vitest";
import { MONITOR_TYPE, byName, failed, ok, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { apiRequests, describeRequests, requestsBeyondSettingsCheck } from "./api";

type Declared = { resource: string; name: string; adopt?: boolean; adoptId?: number };

describe("one monitor, two resources", () => {
  const e2e = lifecycleStack({ stack: { project: "claims", config: { "fixture:monitors": "[]" } } });
  const declare = (monitors: Declared[]) => e2e.stack.setConfig("fixture:monitors", JSON.stringify(monitors));

  it("two resources with one name (in another case) fail preview, naming both, sending nothing but the settings check", async () => {
    await declare([
      { resource: "checkout", name: "Checkout API" },
      { resource: "checkout-again", name: "checkout api" },
    ]);
    const from = e2e.srv.server.requests.length;
    const preview = failed(await e2e.stack.preview());
    expect(preview.output).toMatch(
      /Monitor resource 'checkout(-again)?'.*name: "(Checkout API|checkout api)" is also declared by Monitor "checkout(-again)?"/,
    );
    expect(preview.output).toContain("both resources would manage one monitor");
    expect(requestsBeyondSettingsCheck(e2e.srv.server, from), describeRequests(e2e.srv.server, from)).toEqual([]);
  });

  it("two adoptIds of one monitor fail preview, naming both", async () => {
    const m = await e2e.srv.api.createMonitor({ name: "Legacy", url: "https://legacy.example.com", interval: 60 });
    await declare([
      { resource: "legacy-1", name: "Legacy one", adoptId: m.id },
      { resource: "legacy-2", name: "Legacy two", adoptId: m.id },
    ]);
    const preview = failed(await e2e.stack.preview());
    expect(preview.output).toMatch(new RegExp(`adoptId: monitor ${m.id} is also adopted by Monitor "legacy-[12]"`));
    await e2e.srv.api.deleteMonitor(m.id);
  });

  it("a resource renamed in one run, the new one adopting: the monitor is kept, and destroyed once", async () => {
    await declare([{ resource: "before", name: "Renamed" }]);
    ok(await e2e.stack.up());
    const [created] = await e2e.srv.api.monitors();

    await declare([{ resource: "after", name: "Renamed", adopt: true }]);
    const up = ok(await e2e.stack.up());
    expect(summary(up.output)).toMatchObject({ create: 1, delete: 1 });
    expect(up.output).toContain(
      `Monitor "before": monitor ${created.id} was not deleted, because Monitor "after" manages it now.`,
    );
    expect((await e2e.srv.api.monitors()).map((m) => m.id)).toEqual([created.id]);
    const after = byName(await e2e.stack.resources(MONITOR_TYPE), "after");
    expect(after.id).toBe(String(created.id));
    // The URN the resource class recorded for these checks is the one the engine gave it.
    expect(after.inputs?.__urn).toBe(after.urn);
    ok(await e2e.stack.preview(["--expect-no-changes"]));

    const from = e2e.srv.server.requests.length;
    ok(await e2e.stack.destroy());
    expect(
      apiRequests(e2e.srv.server, from)
        .filter((r) => r.method === "DELETE")
        .map((r) => `${r.path} ${r.status}`),
    ).toEqual([`/api/v1/monitors/${created.id} 200`]);
    expect(await e2e.srv.api.monitors()).toEqual([]);
  });
});
