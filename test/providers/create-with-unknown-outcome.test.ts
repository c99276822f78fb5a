/**
 * A create whose outcome is unknown (the connection dropped after the request was sent,
 * or before) must leave exactly one record: found by its unique name if it was stored,
 * sent again only once the lookup shows it was not.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMonitor } from "../../src/providers/monitor/provider";
import { createIncident } from "../../src/providers/incident/provider";
import { checkMonitor } from "../../src/providers/monitor/check";
import { providerHarness } from "./helpers";

let h: Awaited<ReturnType<typeof providerHarness>>;
beforeAll(async () => { h = await providerHarness(); });
afterAll(async () => { await h.close(); });

const inputs = (name: string) => checkMonitor({ name, url: "https://u.example.com", interval: 60 }).inputs as never;

async function named(name: string) {
  const out = [];
  for await (const m of h.outOfBand.monitors.all({ search: name })) if (m.name === name) out.push(m);
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
      const all = [];
      for await (const i of h.outOfBand.incidents.all({ monitor_id: m.id })) all.push(i);
      expect(all.map((i) => String(i.id))).toEqual([id]);
    } finally {
      h.server.setFaults(undefined);
    }
  });

  it("gives up after repeated failures saying nothing was created", async () => {
    h.server.setFaults({ rate: 1, kinds: ["drop-before"], methods: ["POST"] });
    try {
      await expect(createMonitor(h.outOfBand, { ...inputs("never-stored"), __resourceName: "ns" } as never)).rejects.toThrow(
        /^Monitor "ns": .*No monitor named "never-stored" exists afterwards, so nothing was created; it is safe to run again\.$/s,
      );
      h.server.setFaults(undefined);
      expect(await named("never-stored")).toEqual([]);
    } finally {
      h.server.setFaults(undefined);
    }
  });
});
