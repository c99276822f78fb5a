/** A valid `Authorization: Bearer <key>` is needed for /api/v1; an account without API access gets 403. */
import { afterAll, beforeAll, expect, test } from "vitest";
import { api, createMonitor, snapshot } from "../support/api";
import { DEFAULT_API_KEY, startTestServer, type UptimeServer } from "../support/server";

let server: UptimeServer;

beforeAll(async () => {
  server = await startTestServer({
    accounts: [
      { apiKey: DEFAULT_API_KEY, name: "main" },
      { apiKey: "no-plan-key", name: "free", apiAccess: false },
    ],
  });
});
afterAll(() => server.close());

const protectedCalls: [string, string][] = [
  ["GET", "/api/v1/monitors"],
  ["POST", "/api/v1/monitors"],
  ["GET", "/api/v1/monitors/1"],
  ["PUT", "/api/v1/monitors/1"],
  ["PATCH", "/api/v1/monitors/1"],
  ["DELETE", "/api/v1/monitors/1"],
  ["GET", "/api/v1/incidents"],
  ["POST", "/api/v1/incidents"],
  ["GET", "/api/v1/incidents/1"],
  ["PUT", "/api/v1/incidents/1"],
  ["PATCH", "/api/v1/incidents/1"],
  ["DELETE", "/api/v1/incidents/1"],
];

test.each(protectedCalls)("%s %s without a key is 401 Unauthenticated", async (method, path) => {
  const res = await api(server, method, path, { key: null });
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ message: "Unauthenticated." });
});

test.each([
  ["a wrong key", { Authorization: "Bearer not-the-key" }],
  ["another scheme", { Authorization: `Basic ${Buffer.from(`x:${DEFAULT_API_KEY}`).toString("base64")}` }],
  ["the key without a scheme", { Authorization: DEFAULT_API_KEY }],
  ["an empty bearer", { Authorization: "Bearer " }],
  ["a key with a suffix", { Authorization: `Bearer ${DEFAULT_API_KEY}x` }],
])("%s is 401", async (_name, headers) => {
  const res = await api(server, "GET", "/api/v1/monitors", { key: null, headers });
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ message: "Unauthenticated." });
});

test("the scheme is case-insensitive", async () => {
  const res = await api(server, "GET", "/api/v1/monitors", {
    key: null,
    headers: { Authorization: `bearer ${DEFAULT_API_KEY}` },
  });
  expect(res.status).toBe(200);
});

test.each(protectedCalls)("%s %s for an account without API access is 403", async (method, path) => {
  const res = await api(server, method, path, {
    key: "no-plan-key",
    form: method === "GET" || method === "DELETE" ? undefined : { name: "x" },
  });
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ message: "You don't have access to this feature.", status: 403 });
});

test("a write without a valid key stores nothing", async () => {
  await createMonitor(server, { name: "existing" });
  const before = await snapshot(server);
  const res = await api(server, "POST", "/api/v1/monitors", {
    key: "wrong",
    form: { name: "sneaky", url: "https://example.com", interval: 60 },
  });
  expect(res.status).toBe(401);
  const forbidden = await api(server, "POST", "/api/v1/monitors", {
    key: "no-plan-key",
    form: { name: "sneaky", url: "https://example.com", interval: 60 },
  });
  expect(forbidden.status).toBe(403);
  expect(await snapshot(server)).toEqual(before);
});

test("the status endpoint needs no key, even a wrong one", async () => {
  const res = await api(server, "GET", "/api/v1/status", { key: "wrong" });
  expect(res.status).toBe(200);
});
