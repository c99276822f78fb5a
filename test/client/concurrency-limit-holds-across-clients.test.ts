/**
 * The process-wide concurrency limit: however many clients and calls, no more than
 * `maxConcurrency` requests to one base URL are in flight. A tiny server records when
 * each request arrives and when its answer leaves, so the overlap can be counted.
 */
import { afterEach, expect, it } from "vitest";
import { UptimeClient } from "../../src/client";
import { monitorBody, startTinyServer, type SeenRequest, type TinyServer } from "./helpers/tiny-server";

let server: TinyServer | undefined;
const clients: UptimeClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server?.close();
});

/** Most requests the server was handling at one moment. */
function maxOverlap(requests: SeenRequest[]): number {
  let max = 0;
  for (const r of requests) {
    const overlapping = requests.filter(
      (o) => o.startedAt <= r.startedAt && (o.endedAt ?? Infinity) > r.startedAt,
    ).length;
    max = Math.max(max, overlapping);
  }
  return max;
}

it("never has more than maxConcurrency requests in flight, shared by two clients", async () => {
  server = await startTinyServer(() => ({ delayMs: 200, json: { data: monitorBody() } }));
  const a = new UptimeClient({ baseUrl: server.url, apiKey: "limit-key", maxConcurrency: 2 });
  const b = new UptimeClient({ baseUrl: `${server.url}/api/v1`, apiKey: "limit-key" });
  clients.push(a, b);

  await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).monitors.get(i + 1)));

  expect(server.requests).toHaveLength(8);
  // Two at a time, not one: the limit is a bound, not serialisation.
  expect(maxOverlap(server.requests)).toBe(2);
});

it("lets up to the limit run at once (8 by default)", async () => {
  server = await startTinyServer(() => ({ delayMs: 200, json: { data: monitorBody() } }));
  const c = new UptimeClient({ baseUrl: server.url, apiKey: "limit-key" });
  clients.push(c);

  await Promise.all(Array.from({ length: 12 }, (_, i) => c.monitors.get(i + 1)));

  expect(maxOverlap(server.requests)).toBe(8);
});
