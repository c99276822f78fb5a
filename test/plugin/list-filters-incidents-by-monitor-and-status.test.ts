/**
 * The provider's `List` of incidents: filtered by monitor and status as the service filters
 * them, by ascending start time (the service cannot sort incidents by id), paged with
 * continuation tokens.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuredPlugin } from "./helpers";

let env: Awaited<ReturnType<typeof configuredPlugin>>;
const monitors: number[] = [];
/** The incidents in the order they were stored (id order). */
const stored: string[] = [];
beforeAll(async () => {
  env = await configuredPlugin();
  for (const n of [1, 2, 3]) {
    const m = await env.outside.monitors.create({ name: `inc m${n}`, url: `https://m${n}.example.com`, interval: 60 });
    monitors.push(m.id);
  }
  // Stored out of start order (a monitor's own incidents must follow each other), so
  // that order by start and order by id differ. [monitor, day, ended]
  const plan: [number, number, boolean][] = [
    [1, 5, true],
    [2, 2, true],
    [3, 9, true],
    [2, 3, true],
    [1, 7, false],
    [3, 10, false],
  ];
  for (const [m, day, done] of plan) {
    const at = (hour: number) => `2024-01-${String(day).padStart(2, "0")}T${hour}:00:00`;
    const made = await env.outside.incidents.create({
      monitor_id: monitors[m - 1],
      started_at: at(10),
      ...(done ? { ended_at: at(11) } : {}),
      cause: `m${m} day ${day}`,
    });
    stored.push(String(made.id));
  }
});
afterAll(async () => {
  await env.close();
});

/** The stored incidents at these places (1-based, in store order). */
const nth = (...places: number[]) => places.map((p) => stored[p - 1]);

describe("List of incidents", () => {
  it("lists by start time, a page at a time", async () => {
    const ids: string[] = [];
    let token: string | undefined;
    let calls = 0;
    do {
      const got = await env.plugin.list("Incident", {}, { pageSize: 2, token });
      expect(got.results.length).toBeLessThanOrEqual(2);
      ids.push(...got.results.map((r) => r.id));
      token = got.continuation;
      calls++;
    } while (token);
    // Started on days 2, 3, 5, 7, 9, 10.
    expect(ids).toEqual(nth(2, 4, 1, 5, 3, 6));
    expect(calls).toBe(3);
  });

  it("filters by monitor, status and search, as the service's list does", async () => {
    const ids = async (query: Record<string, unknown>) =>
      (await env.plugin.list("Incident", query)).results.map((r) => r.id);
    expect(await ids({ monitorId: monitors[0] })).toEqual(nth(1, 5));
    expect(await ids({ monitorId: monitors[0], status: "resolved" })).toEqual(nth(1));
    expect(await ids({ status: "unresolved" })).toEqual(nth(5, 6));
    expect(await ids({ status: "resolved" })).toEqual(nth(2, 4, 1, 3));
    expect(await ids({ search: "inc m3", searchBy: "monitor" })).toEqual(nth(3, 6));
    expect(await ids({ search: "day 3", searchBy: "cause" })).toEqual(nth(4));
  });
});
