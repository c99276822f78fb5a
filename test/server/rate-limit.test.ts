/** Per-account rate limit: a fixed 60-second window, 429 with Retry-After, limit headers on every answer. */
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { api } from "../support/api";
import { startTestServer, type UptimeServer } from "../support/server";

const clock = { now: Date.parse("2024-06-01T12:00:00Z") };
let server: UptimeServer;
beforeAll(async () => {
  server = await startTestServer({
    now: () => clock.now,
    rateLimitPerMinute: 3,
    accounts: [{ apiKey: "a" }, { apiKey: "b" }],
  });
});
beforeEach(() => {
  server.setRateLimit(3);
  clock.now += 3_600_000;
});
afterAll(() => server.close());

test("the fourth request in a minute is 429 with Retry-After; the window then resets", async () => {
  for (const remaining of [2, 1, 0]) {
    const res = await api(server, "GET", "/api/v1/monitors", { key: "a" });
    expect(res.status).toBe(200);
    expect(res.headers["x-ratelimit-limit"]).toBe("3");
    expect(res.headers["x-ratelimit-remaining"]).toBe(String(remaining));
  }
  const limited = await api(server, "GET", "/api/v1/monitors", { key: "a" });
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ message: "Too Many Attempts.", status: 429 });
  expect(limited.headers["retry-after"]).toBe("60");
  expect(limited.headers["x-ratelimit-remaining"]).toBe("0");

  clock.now += 45_000;
  const later = await api(server, "POST", "/api/v1/monitors", { key: "a", form: { name: "x" } });
  expect(later.status).toBe(429);
  expect(later.headers["retry-after"]).toBe("15");

  clock.now += 15_000;
  const reset = await api(server, "GET", "/api/v1/monitors", { key: "a" });
  expect(reset.status).toBe(200);
  expect(reset.headers["x-ratelimit-remaining"]).toBe("2");
});

test("a rejected write stores nothing", async () => {
  for (let i = 0; i < 3; i++) await api(server, "GET", "/api/v1/monitors", { key: "a" });
  const res = await api(server, "POST", "/api/v1/monitors", {
    key: "a",
    form: { name: "Limited", url: "https://example.com", interval: 60 },
  });
  expect(res.status).toBe(429);
  clock.now += 60_000;
  const list = await api(server, "GET", "/api/v1/monitors?search=Limited", { key: "a" });
  expect(list.body.data).toEqual([]);
});

test("accounts are limited separately", async () => {
  for (let i = 0; i < 3; i++) await api(server, "GET", "/api/v1/monitors", { key: "a" });
  expect((await api(server, "GET", "/api/v1/monitors", { key: "a" })).status).toBe(429);
  expect((await api(server, "GET", "/api/v1/monitors", { key: "b" })).status).toBe(200);
});

test("every authenticated answer carries the headers, errors included", async () => {
  const notFound = await api(server, "GET", "/api/v1/monitors/424242", { key: "a" });
  expect(notFound.status).toBe(404);
  expect(notFound.headers["x-ratelimit-limit"]).toBe("3");
  const invalid = await api(server, "POST", "/api/v1/monitors", { key: "a", form: {} });
  expect(invalid.status).toBe(422);
  expect(invalid.headers["x-ratelimit-remaining"]).toBe("1");
});

test("unauthenticated calls and the status endpoint are not counted", async () => {
  for (let i = 0; i < 5; i++) {
    expect((await api(server, "GET", "/api/v1/monitors", { key: "nope" })).status).toBe(401);
    expect((await api(server, "GET", "/api/v1/status", { key: "a" })).status).toBe(200);
  }
  expect((await api(server, "GET", "/api/v1/monitors", { key: "a" })).headers["x-ratelimit-remaining"]).toBe("2");
});

test("setRateLimit changes or removes the limit at run time", async () => {
  server.setRateLimit(undefined);
  for (let i = 0; i < 6; i++) {
    const res = await api(server, "GET", "/api/v1/monitors", { key: "a" });
    expect(res.status).toBe(200);
    expect(res.headers["x-ratelimit-limit"]).toBeUndefined();
  }
  server.setRateLimit(1);
  expect((await api(server, "GET", "/api/v1/monitors", { key: "a" })).status).toBe(200);
  expect((await api(server, "GET", "/api/v1/monitors", { key: "a" })).status).toBe(429);
});
