/**
 * A minimal node:http server for the few behaviours the project's server cannot show:
 * response variants that only some real instances send (recorded bodies), exact timing
 * of requests in flight, and a slow response. Everything else runs against the project's
 * own server (test/support/server.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { listenOnLoopback } from "../../support/loopback-http";
import { monitorDefaults } from "../../support/monitor-defaults";

/** One request as the tiny server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** performance.now() at arrival and at the end of the response. */
  startedAt: number;
  endedAt?: number;
}

/** What a handler returns: status, JSON (or raw text) body, headers, and an optional delay. */
export interface Reply {
  status?: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Destroy the socket instead of answering. */
  drop?: boolean;
}

/** A running tiny server. */
export interface TinyServer {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Starts a server on 127.0.0.1 (on `port`, default any free one) answering with `handler`. */
export async function startTinyServer(
  handler: (req: SeenRequest, index: number) => Reply | Promise<Reply>,
  port = 0,
): Promise<TinyServer> {
  const requests: SeenRequest[] = [];
  const { url, close } = await listenOnLoopback((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const seen: SeenRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        startedAt: performance.now(),
      };
      const index = requests.push(seen) - 1;
      const reply = await handler(seen, index);
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      if (reply.drop) {
        seen.endedAt = performance.now();
        req.socket.destroy();
        return;
      }
      const body = reply.text ?? (reply.json === undefined ? "" : JSON.stringify(reply.json));
      res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
      seen.endedAt = performance.now();
      res.end(body);
    });
  }, port);
  return { url, requests, close };
}

/** A monitor body as the service sends it, with overrides. */
export function monitorBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 1,
    name: "m1",
    url: "https://example.com",
    interval: 60,
    status: "pending",
    ...monitorDefaults(),
    created_at: "2024-05-01T10:00:00.000000Z",
    updated_at: "2024-05-01T10:00:00.000000Z",
    ...overrides,
  };
}

/** A loopback port that nothing listens on (it was free a moment ago). */
export async function freePort(): Promise<number> {
  const s = createNetServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
