/**
 * `findByName` finds the monitor whose name the service treats as the same (case and
 * accents ignored, as its database's collation does), so that adopting by name and the
 * lookup after an uncertain create never miss the monitor that blocks the name. A hit
 * spelt exactly as asked wins over one that only compares equal.
 */
import { expect, it } from "vitest";
import { UptimeClient } from "../../src/client";
import { serverAndClientForFile } from "./helpers/local-server";
import { monitorBody, startTinyServer } from "./helpers/tiny-server";

const local = serverAndClientForFile();

it("finds a monitor spelt with other case or accents", async () => {
  const { client } = local;
  const m = await client.monitors.create({ name: "Café Checkout", url: "https://shop.example.com", interval: 60 });
  expect((await client.monitors.findByName("CAFE CHECKOUT"))?.id).toBe(m.id);
  expect((await client.monitors.findByName("café checkout"))?.id).toBe(m.id);
  expect(await client.monitors.findByName("Cafe Checkout 2")).toBeUndefined();
});

it("prefers the exact spelling when an instance holds both (a case-sensitive collation)", async () => {
  const tiny = await startTinyServer(() => ({
    json: {
      data: [monitorBody({ id: 1, name: "Edge Probe" }), monitorBody({ id: 2, name: "edge probe" })],
      meta: { current_page: 1, last_page: 1, total: 2 },
    },
  }));
  const c = new UptimeClient({ baseUrl: tiny.url, apiKey: "find-by-name-key" });
  try {
    expect((await c.monitors.findByName("edge probe"))?.id).toBe(2);
    expect((await c.monitors.findByName("EDGE PROBE"))?.id).toBe(1);
  } finally {
    await c.close();
    await tiny.close();
  }
});
