/**
 * A create whose outcome is unknown (the connection dropped after the request was sent,
 * or before) must leave exactly one record: found by its unique name if it was stored,
 * sent again only once the lookup shows it was not.
 */
import { describe, expect, it } from "vitest";
import { createMonitor } from "../../src/runtime/monitor/monitor-lifecycle";
import { createIncident } from "../../src/runtime/incident/incident-lifecycle";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import type { MonitorInputs } from "../../src/runtime/monitor/monitor-props";
import { providerHarness } from "./helpers";
import { fileFixture } from "../support/file-fixture";
import { monitorWithIncident } from "../support/monitor-with-incident";
import { withNextPostAnswerLost } from "../support/lost-answers";

const h = fileFixture(() => providerHarness());

// `check`'s result types its inputs loosely (Pulumi's CheckResult); they are a monitor's checked inputs.
const inputs = (name: string): MonitorInputs =>
  checkMonitor({ name, url: "https://u.example.com", interval: 60 }).inputs as MonitorInputs;

async function named(name: string) {
  const out = [];
  for await (const m of h.outOfBand.monitors.all({ search: name })) if (m.name === name) out.push(m);
  return out;
}

/** Every incident the service holds for monitor `monitorId`. */
async function incidentsOf(monitorId: number) {
  const out = [];
  for await (const i of h.outOfBand.incidents.all({ monitor_id: monitorId })) out.push(i);
  return out;
}

function posts() {
  return h.server.requests.filter((r) => r.method === "POST").length;
}

describe("Create with an unknown outcome", () => {
  it("dropped after the write: the lookup finds the stored monitor, no second POST", async () => {
    h.server.setFaults({ rate: 1, kinds: ["drop-after"], methods: ["POST"] });
    const before = posts();
    try {
      const { id } = await createMonitor(h.outOfBand, inputs("dropped-after"));
      expect(posts() - before).toBe(1);
      h.server.setFaults(undefined);
      const found = await named("dropped-after");
      expect(found.map((m) => String(m.id))).toEqual([id]);
    } finally {
      h.server.setFaults(undefined);
    }
  });

  it("dropped before the write: the lookup finds nothing, so it is sent again, once stored", async () => {
    // The first POST is dropped unhandled, the second goes through (seeded: hit, then miss).
    h.server.setFaults({ rate: 1, kinds: ["drop-before"], methods: ["POST"], limit: 1 });
    const before = posts();
    try {
      const { id } = await createMonitor(h.outOfBand, inputs("dropped-before"));
      expect(posts() - before).toBe(2);
      expect((await named("dropped-before")).map((m) => String(m.id))).toEqual([id]);
    } finally {
      h.server.setFaults(undefined);
    }
  });

  it("an incident dropped after the write is found by its monitor and start", async () => {
    const m = await h.outOfBand.monitors.create({ name: "incident-host", url: "https://ih.example.com", interval: 60 });
    h.server.setFaults({ rate: 1, kinds: ["drop-after"], methods: ["POST"] });
    try {
      const { id } = await createIncident(h.outOfBand, { monitorId: m.id, startedAt: "2026-02-01T00:00:00" });
      h.server.setFaults(undefined);
      expect((await incidentsOf(m.id)).map((i) => String(i.id))).toEqual([id]);
    } finally {
      h.server.setFaults(undefined);
    }
  });

  it("a store still in flight during the lookup: the retry's 'name taken' leads to another lookup, which takes the stored one", async () => {
    // The first store is dropped unanswered and committed only after the lookup has missed it.
    const deferred = h.server.deferWrite({
      method: "POST",
      path: /^\/api\/v1\/monitors$/,
      until: { method: "GET", path: /^\/api\/v1\/monitors$/ },
    });
    const before = posts();
    const { id, outs } = await createMonitor(h.outOfBand, { ...inputs("in-flight"), __resourceName: "in-flight" });
    expect(await deferred.handled).toBe(201);
    expect(posts() - before).toBe(2);
    expect((await named("in-flight")).map((m) => String(m.id))).toEqual([id]);
    expect(outs).toMatchObject({ name: "in-flight", url: "https://u.example.com", interval: 60 });
  });

  it("after an uncertain store, a monitor of that name that is not the one sent is left alone", async () => {
    const theirs = await h.outOfBand.monitors.create({
      name: "someone-elses",
      url: "https://theirs.example.com",
      interval: 300,
    });
    // Our store reaches the service (which refuses the taken name); the answer is lost.
    await withNextPostAnswerLost(h.server, () =>
      expect(createMonitor(h.outOfBand, { ...inputs("someone-elses"), __resourceName: "mine" })).rejects.toThrow(
        /^Monitor "mine": a monitor named "someone-elses" already exists in this account \(id \d+\) and it is not the one this create sent \(url, interval differ\)\. Declare it with `adopt: true` to take it over, or choose another name\.$/,
      ),
    );
    expect(await h.outOfBand.monitors.get(theirs.id)).toMatchObject({
      url: "https://theirs.example.com",
      interval: 300,
    });
    expect(await named("someone-elses")).toHaveLength(1);
  });

  it.each([
    ["an ongoing incident", {}],
    ["an ended incident", { endedAt: "2026-02-02T01:00:00" }],
  ])(
    "%s whose store was still in flight during the lookup is found by the lookup after the refused retry",
    async (_, extra) => {
      const m = await h.outOfBand.monitors.create({
        name: `incident-in-flight-${Object.keys(extra).length}`,
        url: "https://ih.example.com",
        interval: 60,
      });
      const deferred = h.server.deferWrite({
        method: "POST",
        path: /^\/api\/v1\/incidents$/,
        until: { method: "GET", path: /^\/api\/v1\/incidents$/ },
      });
      const { id } = await createIncident(h.outOfBand, {
        monitorId: m.id,
        startedAt: "2026-02-02T00:00:00",
        cause: "in flight",
        ...extra,
      });
      expect(await deferred.handled).toBe(201);
      expect((await incidentsOf(m.id)).map((i) => String(i.id))).toEqual([id]);
    },
  );

  it("after an uncertain incident store, another incident of the monitor is not taken for ours", async () => {
    const { monitor: m } = await monitorWithIncident(
      h.outOfBand,
      { name: "incident-theirs", url: "https://it.example.com", interval: 60 },
      { started_at: "2026-02-03T00:00:00", cause: "theirs" },
    );
    await withNextPostAnswerLost(h.server, () =>
      expect(
        createIncident(h.outOfBand, { monitorId: m.id, startedAt: "2026-02-03T00:00:00", cause: "ours" }),
      ).rejects.toThrow(
        /^Incident: an incident of monitor \d+ starting 2026-02-03T00:00:00 already exists \(id \d+\) and it is not the one this create sent \(cause differs\), so nothing was stored\./,
      ),
    );
    expect((await incidentsOf(m.id)).map((i) => i.cause)).toEqual(["theirs"]);
  });

  it("gives up after repeated failures saying nothing was created", async () => {
    h.server.setFaults({ rate: 1, kinds: ["drop-before"], methods: ["POST"] });
    try {
      await expect(createMonitor(h.outOfBand, { ...inputs("never-stored"), __resourceName: "ns" })).rejects.toThrow(
        /^Monitor "ns": .*No monitor named "never-stored" exists afterwards, so nothing was created; it is safe to run again\.$/s,
      );
      h.server.setFaults(undefined);
      expect(await named("never-stored")).toEqual([]);
    } finally {
      h.server.setFaults(undefined);
    }
  });
});
