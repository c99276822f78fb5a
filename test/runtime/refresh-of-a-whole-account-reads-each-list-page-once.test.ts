/**
 * Refresh budget: refreshing N monitors of an account of M sends at most
 * min(N, 1 + ⌈M / 100⌉) + 1 requests. When the refresh covers the account, that is one
 * read by id and each list page once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMonitors, providerHarness, refreshMonitors } from "./helpers";

let h: Awaited<ReturnType<typeof providerHarness>>;
afterAll(async () => {
  await h.close();
});

describe("Refresh of every monitor of an account", () => {
  let ids: number[];
  beforeAll(async () => {
    h = await providerHarness();
    ids = await createMonitors(h.outOfBand, "small", 50);
  });

  it("of 50 sends at most min(50, 1 + 1) + 1 = 3 requests: one read by id, then page 1 answers the rest", async () => {
    h.reconfigure();
    const { results, requests, byId, pages } = await refreshMonitors(h.server, ids);
    expect(requests.length).toBeLessThanOrEqual(3);
    expect({ byId, pages }).toEqual({ byId: 1, pages: 1 });
    results.forEach((r, i) => expect(r.props).toMatchObject({ monitorId: ids[i], name: `small-${i}` }));
  });

  it("of 250 (3 pages) walks the pages once more reads than pages have come, and reads a deleted monitor as gone", async () => {
    ids.push(...(await createMonitors(h.outOfBand, "more", 200)));
    const gone = ids[120];
    await h.outOfBand.monitors.delete(gone);
    h.reconfigure();
    const { results, requests, byId, pages } = await refreshMonitors(h.server, ids);
    // min(250, 1 + 3) + 1 = 5: read 1 by id, 3 pages, and the deleted one confirmed by id.
    expect(requests.length).toBeLessThanOrEqual(5);
    expect({ byId, pages }).toEqual({ byId: 2, pages: 3 });
    expect(results[120]).toEqual({ id: "" });
    results.forEach((r, i) => {
      if (i !== 120)
        expect(r.props).toMatchObject({ monitorId: ids[i], name: i < 50 ? `small-${i}` : `more-${i - 50}` });
    });
  });
});
