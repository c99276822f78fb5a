/** An unexpected exception inside a handler is a 500 "Server Error", and the server keeps serving. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Accounts } from "../../src/server/auth";
import { DeferredWrites } from "../../src/server/deferred-write";
import { FaultInjector } from "../../src/server/faults";
import { Holds } from "../../src/server/hold";
import { handleRequest, type PipelineDeps } from "../../src/server/pipeline";
import { StaleReads } from "../../src/server/stale-reads";
import { RateLimiter } from "../../src/server/rate-limit";
import { RequestStats } from "../../src/server/stats";
import type { Store } from "../../src/server/store";
import { api } from "../support/api";

let server: http.Server;
let url: string;
const logged: string[] = [];

beforeAll(async () => {
  // Storage that fails every call, standing in for any bug below the router.
  const brokenStore = {
    run: async () => {
      throw new Error("storage exploded");
    },
    close: async () => undefined,
  } as unknown as Store;
  const deps: PipelineDeps = {
    accounts: new Accounts(undefined),
    store: brokenStore,
    stats: new RequestStats(),
    faults: new FaultInjector(undefined),
    holds: new Holds(),
    deferred: new DeferredWrites(),
    limiter: new RateLimiter(undefined, Date.now),
    staleReads: new StaleReads(brokenStore, undefined),
    maxBodyBytes: 1024,
    fallbackPerPage: 25,
    now: Date.now,
    log: (line) => logged.push(line),
    baseUrl: () => url,
  };
  server = http.createServer((req, res) => void handleRequest(deps, req, res));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

test("a failing handler answers 500 Server Error and logs the cause", async () => {
  for (const [method, path] of [
    ["GET", "/api/v1/monitors"],
    ["POST", "/api/v1/monitors"],
    ["DELETE", "/api/v1/incidents/1"],
  ]) {
    const res = await api(url, method, path, {
      form: method === "POST" ? { name: "x", url: "https://example.com", interval: 60 } : undefined,
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: "Server Error" });
  }
  expect(logged.some((l) => l.includes("storage exploded"))).toBe(true);
});

test("the server still answers afterwards", async () => {
  expect((await api(url, "GET", "/api/v1/status")).status).toBe(200);
});
