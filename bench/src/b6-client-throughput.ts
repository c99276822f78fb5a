/**
 * B6: the client's GET throughput against raw undici on the same server (target: >= 0.9).
 * Same number of GETs, same concurrency, keep-alive for both (the client's shared Agent;
 * an undici Agent with the same keep-alive for the raw side). The raw side reads and parses
 * the JSON body, the least any caller does; the client also validates and normalises it.
 * Sides alternate in rounds after a warm-up, so drift on a shared machine hits both.
 * Two shapes: one monitor by id, and one list page of 100 monitors.
 */
import { Agent, request } from "undici";
import { UptimeClient } from "pulumi-uptime";
import { join } from "node:path";
import { ratio, runMain } from "./lib/common";
import { sized } from "./lib/smoke";
import { REPO } from "./lib/pulumi";
import { ChildServer } from "./lib/server";

export interface B6Shape {
  shape: string;
  gets: number;
  concurrency: number;
  clientPerSec: number;
  rawPerSec: number;
  /** CPU time per response in this process, measured on one body: JSON.parse alone, and the client's full decode. */
  parseMs: number;
  decodeMs: number;
}

/** The client's decoding of a body (dist/client/parse-response.js: the package does not export it). */
function clientDecoders(): { readRecord: (body: unknown) => unknown; readPage: (body: unknown) => unknown } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the compiled client, found at run time
  const n = require(join(REPO, "dist", "client", "parse-response.js")) as {
    MONITOR: unknown;
    readRecord: (kind: unknown, body: unknown, at: object, tz: string) => unknown;
    readPage: (kind: unknown, body: unknown, at: object, tz: string) => unknown;
  };
  const at = { method: "GET", path: "/api/v1/monitors", status: 200 };
  return {
    readRecord: (b) => n.readRecord(n.MONITOR, b, at, "UTC"),
    readPage: (b) => n.readPage(n.MONITOR, b, at, "UTC"),
  };
}

/** Mean milliseconds of `fn` over enough runs to take about 300 ms. */
function timeIt(fn: () => void): number {
  for (let i = 0; i < 50; i++) fn();
  let runs = 0;
  const started = performance.now();
  while (performance.now() - started < 300) {
    fn();
    runs++;
  }
  return (performance.now() - started) / runs;
}

const CONCURRENCY = 8;

async function pool(n: number, concurrency: number, one: () => Promise<unknown>): Promise<number> {
  let left = n;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (left-- > 0) await one();
    }),
  );
  return performance.now() - started;
}

export async function b6(gets = sized("BENCH_GETS", 4000, 40)): Promise<B6Shape[]> {
  const server = await ChildServer.start();
  const client = new UptimeClient({ baseUrl: server.url, apiKey: server.apiKey, maxConcurrency: CONCURRENCY });
  const agent = new Agent({ keepAliveTimeout: 4_000, connectTimeout: 10_000 });
  const headers = { accept: "application/json", authorization: `Bearer ${server.apiKey}`, "user-agent": "bench-raw" };
  const raw = async (path: string) => {
    const res = await request(server.url + path, { method: "GET", headers, dispatcher: agent });
    const body = await res.body.json();
    if (res.statusCode !== 200) throw new Error(`raw GET ${path}: ${res.statusCode} ${JSON.stringify(body)}`);
    return body;
  };
  try {
    const first = await client.monitors.create({
      name: "b6 0",
      url: "https://svc-0.example.com/",
      interval: 60,
      alerts: [{ key: "email", value: "ops@example.com" }],
    });
    for (let i = 1; i < 100; i++)
      await client.monitors.create({ name: `b6 ${i}`, url: `https://svc-${i}.example.com/`, interval: 300 });
    const decoders = clientDecoders();
    const shapes: {
      shape: string;
      gets: number;
      path: string;
      decode: (b: unknown) => unknown;
      viaClient: () => Promise<unknown>;
      viaRaw: () => Promise<unknown>;
    }[] = [
      {
        shape: "GET /api/v1/monitors/{id}",
        gets,
        path: `/api/v1/monitors/${first.id}`,
        decode: decoders.readRecord,
        viaClient: () => client.monitors.get(first.id),
        viaRaw: () => raw(`/api/v1/monitors/${first.id}`),
      },
      {
        shape: "GET /api/v1/monitors?per_page=100 (100 monitors)",
        gets: Math.round(gets / 8),
        path: "/api/v1/monitors?per_page=100&page=1",
        decode: decoders.readPage,
        viaClient: () => client.monitors.list({ per_page: 100 }),
        viaRaw: () => raw("/api/v1/monitors?per_page=100&page=1"),
      },
    ];
    const out: B6Shape[] = [];
    for (const s of shapes) {
      const rounds = 4;
      const per = Math.ceil(s.gets / rounds);
      await pool(Math.ceil(per / 4), CONCURRENCY, s.viaRaw);
      await pool(Math.ceil(per / 4), CONCURRENCY, s.viaClient);
      let clientMs = 0;
      let rawMs = 0;
      for (let r = 0; r < rounds; r++) {
        // ABBA order within each pair of rounds.
        if (r % 2 === 0) {
          rawMs += await pool(per, CONCURRENCY, s.viaRaw);
          clientMs += await pool(per, CONCURRENCY, s.viaClient);
        } else {
          clientMs += await pool(per, CONCURRENCY, s.viaClient);
          rawMs += await pool(per, CONCURRENCY, s.viaRaw);
        }
      }
      const total = per * rounds;
      const text = await (
        await request(server.url + s.path, { method: "GET", headers, dispatcher: agent })
      ).body.text();
      const parseMs = timeIt(() => JSON.parse(text));
      const decodeMs = timeIt(() => s.decode(JSON.parse(text)));
      const res: B6Shape = {
        shape: s.shape,
        gets: total,
        concurrency: CONCURRENCY,
        clientPerSec: (total * 1000) / clientMs,
        rawPerSec: (total * 1000) / rawMs,
        parseMs,
        decodeMs,
      };
      console.log(
        `B6 ${s.shape}: ${total} GETs, ${CONCURRENCY} at a time: client ${res.clientPerSec.toFixed(0)}/s, raw undici ${res.rawPerSec.toFixed(0)}/s, client / raw = ${ratio(res.clientPerSec, res.rawPerSec)}; ` +
          `per response: JSON.parse ${parseMs.toFixed(3)} ms, client decode ${decodeMs.toFixed(3)} ms`,
      );
      out.push(res);
    }
    return out;
  } finally {
    await client.close();
    await agent.close();
    await server.close();
  }
}

if (require.main === module) runMain(b6);
