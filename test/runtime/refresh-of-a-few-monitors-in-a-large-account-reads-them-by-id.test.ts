/**
 * Refresh budget: refreshing N monitors of an account of M sends at most
 * min(N, 1 + ⌈M / 100⌉) + 1 requests. A 10-monitor stack in a 2,000-monitor account may
 * send 11, not the 20 pages of the whole list and a read by id.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMonitors, providerHarness, refreshMonitors } from "./helpers";

let h: Awaited<ReturnType<typeof providerHarness>>;
let oldest: number[];
let newest: number[];
beforeAll(async () => {
  h = await providerHarness();
  // Created first, the stack's monitors sort last (the list is newest first): none is on
  // page 1, the worst case. Then 1,990 others fill the account to 2,000.
  oldest = await createMonitors(h.outOfBand, "stack", 10);
  await createMonitors(h.outOfBand, "other", 1_990);
}, 600_000);
afterAll(async () => {
  await h.close();
});

describe("Refresh of a 10-monitor stack in a 2,000-monitor account", () => {
  it("sends at most min(10, 1 + 20) + 1 = 11 requests, with the right values", async () => {
    h.reconfigure(); // a new `pulumi refresh` is a new provider process
    const { results, requests, byId, pages } = await refreshMonitors(h.server, oldest);
    console.log(`refresh of 10 of 2,000 monitors: ${requests.length} requests (${byId} by id, ${pages} list pages)`);
    expect(requests.length).toBeLessThanOrEqual(11);
    expect(pages).toBe(1); // page 1 tells the list's length; the other 19 pages are never read
    expect(requests.every((r) => r.method === "GET" && r.status === 200)).toBe(true);
    results.forEach((r, i) =>
      expect(r).toMatchObject({
        id: String(oldest[i]),
        props: { monitorId: oldest[i], name: `stack-${i}`, url: `https://stack-${i}.example.com` },
      }),
    );
  });

  it("answers monitors on page 1 from it: one read by id and one page", async () => {
    newest = await createMonitors(h.outOfBand, "late", 10);
    h.reconfigure();
    const { results, byId, pages } = await refreshMonitors(h.server, newest);
    expect({ byId, pages }).toEqual({ byId: 1, pages: 1 });
    results.forEach((r, i) => expect(r.props).toMatchObject({ monitorId: newest[i], name: `late-${i}` }));
  });
});
