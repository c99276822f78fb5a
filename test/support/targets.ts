/**
 * Check targets a test serves itself on 127.0.0.1 and flips between healthy and failing
 * (and worse: hanging, garbage, a 100 MB body, a redirect loop). The checker of a local
 * server started with `checks` is pointed at these, and at nothing else: no check of any
 * test leaves the machine's loopback.
 */
import { readFileSync } from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { join } from "node:path";

/** What a target answers. */
export type TargetBehaviour =
  | { kind: "respond"; status: number; body?: string; headers?: Record<string, string> }
  /** Takes the request and answers nothing until released (or closed). */
  | { kind: "hang" }
  /** Writes bytes that are not HTTP, then closes. */
  | { kind: "garbage" }
  /** 200 with a body of `bytes` bytes, streamed as the client reads. */
  | { kind: "huge"; bytes: number; text?: string }
  /** 302 to itself, for ever. */
  | { kind: "redirect-loop" }
  /** 302 to `location`. */
  | { kind: "redirect"; location: string; status?: number }
  /** 200 with Basic auth `username`:`password`, 401 without it. */
  | { kind: "basic-auth"; username: string; password: string };

/** One request a target received. */
export interface TargetRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** A running target. */
export interface Target {
  /** `http://127.0.0.1:<port>` (https with `tls`). */
  url: string;
  port: number;
  /** Requests received, in order. */
  requests: TargetRequest[];
  /** Body bytes handed to sockets so far (the `huge` behaviour stops when the client stops reading). */
  bytesSent(): number;
  /** Answer 200 with `body` (default "ok: all systems operational"). */
  healthy(body?: string): void;
  /** Answer `status` (default 503) with `body`. */
  failing(status?: number, body?: string): void;
  /** Any other behaviour. */
  set(behaviour: TargetBehaviour): void;
  /** Resolves when a request has arrived (the next one, or one already received when `count` says so). */
  waitForRequests(count: number): Promise<void>;
  /** Answers every hanging request with the current behaviour. */
  release(): void;
  close(): Promise<void>;
}

/** The test-only certificate (CN localhost, 127.0.0.1, valid until 2126) and its key. */
export const TEST_TLS = {
  cert: readFileSync(join(__dirname, "tls", "loopback-cert.pem"), "utf8"),
  key: readFileSync(join(__dirname, "tls", "loopback-key.pem"), "utf8"),
};

/**
 * Starts a target on 127.0.0.1 (an ephemeral port), healthy at first. `tls` serves https
 * with the self-signed test certificate, or with the certificate given.
 */
export async function startTarget(options: { tls?: boolean | { cert: string; key: string } } = {}): Promise<Target> {
  let behaviour: TargetBehaviour = { kind: "respond", status: 200, body: "ok: all systems operational" };
  const requests: TargetRequest[] = [];
  const hanging = new Set<() => void>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  let bytes = 0;

  const answer = (req: IncomingMessage, res: ServerResponse, b: TargetBehaviour) => {
    switch (b.kind) {
      case "respond":
        res.writeHead(b.status, { "Content-Type": "text/plain", ...b.headers });
        res.end(req.method === "HEAD" ? undefined : (b.body ?? ""));
        return;
      case "hang":
        hanging.add(() =>
          answer(req, res, behaviour.kind === "hang" ? { kind: "respond", status: 200, body: "released" } : behaviour),
        );
        return;
      case "garbage":
        req.socket.end("\x00\x01 this is not HTTP \xff\r\n\r\n");
        return;
      case "huge": {
        res.writeHead(200, { "Content-Type": "text/plain", "Content-Length": String(b.bytes) });
        const chunk = Buffer.alloc(64 * 1024, "x");
        let sent = 0;
        const pump = () => {
          while (sent < b.bytes && !res.destroyed) {
            const n = Math.min(chunk.length, b.bytes - sent);
            sent += n;
            bytes += n;
            const last = sent >= b.bytes;
            const part =
              last && b.text
                ? Buffer.concat([chunk.subarray(0, n - b.text.length), Buffer.from(b.text)])
                : chunk.subarray(0, n);
            if (!res.write(part)) return void res.once("drain", pump);
          }
          if (!res.destroyed) res.end();
        };
        pump();
        return;
      }
      case "redirect-loop":
        res.writeHead(302, { Location: req.url ?? "/" });
        res.end();
        return;
      case "redirect":
        res.writeHead(b.status ?? 302, { Location: b.location });
        res.end();
        return;
      case "basic-auth": {
        const expected = `Basic ${Buffer.from(`${b.username}:${b.password}`).toString("base64")}`;
        if (req.headers.authorization === expected) {
          res.writeHead(200, { "Content-Type": "text/plain" });
          res.end("welcome");
        } else {
          res.writeHead(401, { "WWW-Authenticate": 'Basic realm="test"' });
          res.end();
        }
        return;
      }
    }
  };

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    requests.push({ method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers });
    for (const w of [...waiters]) {
      if (requests.length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
    // Drain the request body (a check sends none, but be safe), then answer.
    req.resume();
    answer(req, res, behaviour);
  };
  const server = options.tls
    ? https.createServer(
        typeof options.tls === "object" ? options.tls : { cert: TEST_TLS.cert, key: TEST_TLS.key },
        handler,
      )
    : http.createServer(handler);
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `${options.tls ? "https" : "http"}://127.0.0.1:${port}`;

  return {
    url,
    port,
    requests,
    bytesSent: () => bytes,
    healthy: (body = "ok: all systems operational") => (behaviour = { kind: "respond", status: 200, body }),
    failing: (status = 503, body = "service unavailable") => (behaviour = { kind: "respond", status, body }),
    set: (b) => (behaviour = b),
    waitForRequests: (count) =>
      requests.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
    release: () => {
      const all = [...hanging];
      hanging.clear();
      for (const go of all) go();
    },
    close: async () => {
      hanging.clear();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A URL on 127.0.0.1 where nothing listens (connections are refused). */
export async function refusedUrl(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/`;
}
