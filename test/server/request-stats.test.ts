/** The server records every request, counts writes, and exposes both in-process and at /__local/stats. */
import { expect, test } from "vitest";
import { api, monitorInput } from "../support/api";
import { startTestServer } from "../support/server";
import { fileFixture } from "../support/file-fixture";

const server = fileFixture(() => startTestServer({ accounts: [{ apiKey: "k", name: "tester" }] }));

test("requests are recorded in order with status, account and write flag", async () => {
  server.resetStats();
  await api(server, "GET", "/api/v1/status", { key: null });
  await api(server, "POST", "/api/v1/monitors", { key: "k", form: monitorInput() });
  await api(server, "POST", "/api/v1/monitors", { key: "bad", form: monitorInput() });
  await api(server, "GET", "/api/v1/monitors?per_page=10", { key: "k" });
  await api(server, "DELETE", "/api/v1/incidents/77", { key: "k" });
  expect(server.requests).toEqual([
    { method: "GET", path: "/api/v1/status", status: 200, write: false },
    { method: "POST", path: "/api/v1/monitors", status: 201, account: "tester", write: true },
    { method: "POST", path: "/api/v1/monitors", status: 401, write: true },
    { method: "GET", path: "/api/v1/monitors", status: 200, account: "tester", write: false },
    { method: "DELETE", path: "/api/v1/incidents/77", status: 404, account: "tester", write: true },
  ]);
  expect(server.writeCount()).toBe(3);
});

test("resetStats clears the log and the count; the array reference stays valid", async () => {
  const log = server.requests;
  server.resetStats();
  expect(server.writeCount()).toBe(0);
  expect(log).toHaveLength(0);
  await api(server, "PATCH", "/api/v1/monitors/1", { key: "k", form: { interval: 60 } });
  expect(log).toHaveLength(1);
  expect(server.writeCount()).toBe(1);
});

test("GET /__local/stats needs no key and counts itself", async () => {
  server.resetStats();
  await api(server, "POST", "/api/v1/incidents", { key: "k", form: {} });
  const res = await api(server, "GET", "/__local/stats", { key: null });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ requests: 2, writes: 1 });
});
