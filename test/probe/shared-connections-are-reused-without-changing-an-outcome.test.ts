/**
 * `pulumi-uptime test` shares kept-alive connections between its checks: they are reused,
 * a connection the target dropped is not taken for a target that is down (the check is
 * sent again on a fresh connection), and a big body is still never read.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, expect, test } from "vitest";
import { closeConnections, keptAliveConnections } from "../../src/probe/connections";
import { probe, PROBE_DEFAULTS, type ProbeSettings } from "../../src/probe/probe";
import type { ProbeTarget } from "../../src/probe/probe-target";
import { startTarget } from "../support/targets";

const connections = keptAliveConnections();
afterAll(() => closeConnections(connections));
const settings: ProbeSettings = { ...PROBE_DEFAULTS, loopbackOnly: true, ca: undefined, connections };
const target = (url: string): ProbeTarget => ({
  url,
  method: "GET",
  headers: [],
  username: null,
  password: null,
  cacheBuster: false,
  condition: "url_unavailable",
  lookup: null,
});

/** A server on 127.0.0.1 answering 200, or dropping the connection when `drop` says so; counts connections. */
async function server(drop: (requestOnSocket: number) => boolean) {
  let connected = 0;
  const srv = http.createServer((req, res) => {
    const socket = req.socket as Socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    if (drop(socket.served)) return void socket.destroy();
    res.end("ok");
  });
  srv.on("connection", () => connected++);
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/health`;
  return { url, connected: () => connected, close: () => new Promise((r) => srv.close(r)) };
}

test("ten checks of one origin, one after another, share their connections", async () => {
  const s = await server(() => false);
  for (let i = 0; i < 10; i++) expect((await probe(target(s.url), settings)).up).toBe(true);
  // The verdict does not wait for the end of the body: the second check may find the first connection still busy.
  expect(s.connected()).toBeLessThanOrEqual(2);
  closeConnections(connections);
  await s.close();
});

test("a kept-alive connection the target drops is retried on a fresh one, and the check passes", async () => {
  // Every second request on a connection is dropped unanswered, as by a server whose idle timeout just ran out.
  const s = await server((n) => n === 2);
  const results = [];
  for (let i = 0; i < 4; i++) results.push(await probe(target(s.url), settings));
  expect(results.map((r) => `${r.up} ${r.result}`)).toEqual(Array(4).fill("true 200 OK"));
  expect(s.connected()).toBeGreaterThan(1);
  await s.close();
});

test("a target that drops every request is down, retried once only", async () => {
  const s = await server(() => true);
  const r = await probe(target(s.url), settings);
  expect(r.up).toBe(false);
  expect(r.result).toMatch(/socket hang up|ECONNRESET/);
  expect(s.connected()).toBe(1);
  await s.close();
});

test("a 100 MB body is not read for an availability check on a shared connection", async () => {
  const t = await startTarget();
  t.set({ kind: "huge", bytes: 100 * 1024 * 1024 });
  const r = await probe(target(`${t.url}/big`), settings);
  expect(r.up).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(t.bytesSent()).toBeLessThan(8 * 1024 * 1024);
  await t.close();
});
