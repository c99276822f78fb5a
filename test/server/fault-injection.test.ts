/**
 * Fault mode: 500 and 503 answer without touching data, "delay" answers late, "drop-before"
 * closes the connection before handling (nothing stored), "drop-after" closes it after
 * handling (the write IS stored though the client got no answer).
 */
import { afterAll, afterEach, beforeAll, expect, test } from "vitest";
import { api, monitorInput, snapshot } from "../support/api";
import { FAULT_KINDS, FaultInjector } from "../../src/server/faults";
import { startTestServer, type UptimeServer } from "../support/server";

let server: UptimeServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => server.setFaults(undefined));
afterAll(() => server.close());

/** Stores a monitor named `name` while every request meets the fault `kind`; faults are off again after. */
async function storeUnder(kind: "500" | "503" | "drop-before" | "drop-after", name: string) {
  server.setFaults({ rate: 1, kinds: [kind] });
  try {
    return await api(server, "POST", "/api/v1/monitors", { form: monitorInput({ name }) });
  } finally {
    server.setFaults(undefined);
  }
}

const search = async (name: string) =>
  (await api(server, "GET", `/api/v1/monitors?search=${encodeURIComponent(name)}`)).body.data;

test.each(["500", "503"] as const)("%s answers that status and stores nothing", async (kind) => {
  const before = await snapshot(server);
  const res = await storeUnder(kind, `fault ${kind}`);
  expect(res.status).toBe(Number(kind));
  expect(res.body).toEqual({ message: kind === "500" ? "Server Error" : "Service Unavailable" });
  expect(await snapshot(server)).toEqual(before);
});

test("drop-before closes the connection and stores nothing", async () => {
  await expect(storeUnder("drop-before", "dropped before")).rejects.toThrow();
  expect(await search("dropped before")).toEqual([]);
  expect(server.requests.filter((r) => r.method === "POST").at(-1)).toMatchObject({
    path: "/api/v1/monitors",
    status: 0,
    write: true,
  });
});

test("drop-after closes the connection but the write is stored", async () => {
  await expect(storeUnder("drop-after", "dropped after")).rejects.toThrow();
  const found = await search("dropped after");
  expect(found).toHaveLength(1);
  expect(found[0].name).toBe("dropped after");
});

test("delay answers normally after the wait", async () => {
  server.setFaults({ rate: 1, kinds: ["delay"], delayMs: 300 });
  const started = performance.now();
  const res = await api(server, "POST", "/api/v1/monitors", { form: monitorInput({ name: "delayed" }) });
  expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  expect(res.status).toBe(201);
});

test("the status endpoint and /__local are never faulted", async () => {
  server.setFaults({ rate: 1, kinds: ["500"] });
  expect((await api(server, "GET", "/api/v1/status")).status).toBe(200);
  expect((await api(server, "GET", "/__local/stats")).status).toBe(200);
  expect((await api(server, "GET", "/api/v1/monitors")).status).toBe(500);
});

test("a seed replays the same fault sequence", async () => {
  const run = async () => {
    server.setFaults({ rate: 0.5, kinds: ["500", "503"], seed: 1234 });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await api(server, "GET", "/api/v1/monitors")).status);
    return statuses;
  };
  const first = await run();
  expect(await run()).toEqual(first);
  expect(first).toContain(200);
  expect(first.some((s) => s >= 500)).toBe(true);
});

test("the rate is roughly honoured and every kind gets picked", () => {
  const injector = new FaultInjector({ rate: 0.3, seed: 7 });
  const seen = new Map<string, number>();
  let faults = 0;
  for (let i = 0; i < 5000; i++) {
    const f = injector.next();
    if (f) {
      faults++;
      seen.set(f.kind, (seen.get(f.kind) ?? 0) + 1);
    }
  }
  expect(faults / 5000).toBeGreaterThan(0.27);
  expect(faults / 5000).toBeLessThan(0.33);
  expect([...seen.keys()].sort()).toEqual([...FAULT_KINDS].sort());
});

test("bad fault settings are refused", () => {
  expect(() => server.setFaults({ rate: 2 })).toThrow();
  expect(() => server.setFaults({ rate: 0.5, kinds: ["explode" as "500"] })).toThrow();
});

test("faults can be limited to some methods and to a number of injections", () => {
  const f = new FaultInjector({ rate: 1, kinds: ["503"], methods: ["POST"], limit: 2 });
  expect(f.next("GET")).toBeUndefined();
  expect(f.next("POST")?.kind).toBe("503");
  expect(f.next("PATCH")).toBeUndefined();
  expect(f.next("POST")?.kind).toBe("503");
  expect(f.next("POST")).toBeUndefined();
  f.set({ rate: 1, kinds: ["503"], methods: ["POST"], limit: 1 });
  expect(f.next("POST")?.kind).toBe("503");
});
