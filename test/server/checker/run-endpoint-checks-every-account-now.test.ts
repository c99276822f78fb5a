/**
 * `POST /__local/checks/run` needs no key (like `/__local/stats`), checks the monitors of
 * every account and answers when they are recorded. With checking off it answers 409 and
 * says how to turn it on.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { api, createMonitor } from "../../support/api";
import { startCheckingServer, startTestServer, type UptimeServer } from "../../support/server";
import { startTarget, type Target } from "../../support/targets";

let server: UptimeServer;
let target: Target;
beforeAll(async () => {
  server = await startCheckingServer({ accounts: [{ apiKey: "key-a" }, { apiKey: "key-b" }, { apiKey: "key-c" }] });
  target = await startTarget();
});
afterAll(async () => {
  await server.close();
  await target.close();
});

test("one call checks every account's monitors and answers with what it found", async () => {
  const a = await createMonitor(server, { url: `${target.url}/a` }, "key-a");
  const b = await createMonitor(server, { url: `${target.url}/b` }, "key-b");
  const res = await api(server, "POST", "/__local/checks/run", { key: null });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ checked: 2, up: 2, down: 0, dropped: 0, status: 200 });
  expect(typeof res.body.ms).toBe("number");
  // Answered only once recorded: both are online when the answer arrives.
  expect((await api(server, "GET", `/api/v1/monitors/${a.id}`, { key: "key-a" })).body.data.status).toBe("online");
  expect((await api(server, "GET", `/api/v1/monitors/${b.id}`, { key: "key-b" })).body.data.status).toBe("online");
  expect(target.requests.map((r) => r.url).sort()).toEqual(["/a", "/b"]);
});

test("each account sees only the incidents of its own monitors", async () => {
  target.failing();
  await api(server, "POST", "/__local/checks/run", { key: null });
  const incidents = async (key: string) => (await api(server, "GET", "/api/v1/incidents", { key })).body.data.length;
  expect([await incidents("key-a"), await incidents("key-b"), await incidents("key-c")]).toEqual([1, 1, 0]);
});

test("only POST runs a round", async () => {
  const res = await api(server, "GET", "/__local/checks/run", { key: null });
  expect(res.status).toBe(405);
  expect(res.headers.allow).toBe("POST");
});

test("with checking off the endpoint says so, and runChecks() rejects", async () => {
  const off = await startTestServer();
  try {
    const res = await api(off, "POST", "/__local/checks/run", { key: null });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Checking is off.*--no-checks.*checks option/);
    await expect(off.runChecks()).rejects.toThrow(/checking is off/);
  } finally {
    await off.close();
  }
});
