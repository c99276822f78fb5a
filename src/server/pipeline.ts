/**
 * The life of one request: record it, maybe inject a fault, read the body, route,
 * authenticate, rate-limit, check API access, parse, handle, answer. Handlers return a
 * {@link Reply}; only this module touches the socket.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Accounts } from "./auth";
import { parseBody, readBody } from "./body";
import type { DeferredWrites } from "./deferred-write";
import type { FaultInjector } from "./faults";
import type { Holds } from "./hold";
import type { RateLimiter } from "./rate-limit";
import type { StaleReads } from "./stale-reads";
import {
  errorReply,
  forbiddenReply,
  methodNotAllowedReply,
  notFoundReply,
  serverErrorReply,
  unauthenticatedReply,
  type Reply,
} from "./respond";
import { matchRoute } from "./router";
import type { Checker } from "./checker/checker";
import type { RequestStats } from "./stats";
import { statusPage } from "./status-page/page";
import { openApiText } from "../openapi/document";
import type { Store } from "./store";

/** Everything a request needs from its server. */
export interface PipelineDeps {
  accounts: Accounts;
  store: Store;
  stats: RequestStats;
  faults: FaultInjector;
  holds: Holds;
  /** Writes a test holds back (see deferred-write.ts). */
  deferred: DeferredWrites;
  limiter: RateLimiter;
  /** The stale-reads fault (off unless set). */
  staleReads: StaleReads;
  maxBodyBytes: number;
  fallbackPerPage: number;
  now: () => number;
  log: (line: string) => void;
  /** Base URL to fall back on when the Host header is unusable. */
  baseUrl: () => string;
  /** The checker; undefined when checking is off. */
  checker?: Checker;
}

/** The description, built on first request (the same for every server of the process). */
let openApi: string | undefined;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Handles one request; never throws (an unexpected error is a 500 and a log line). */
export async function handleRequest(deps: PipelineDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now();
  const method = req.method ?? "GET";
  const rawUrl = req.url ?? "/";
  const q = rawUrl.indexOf("?");
  const path = q >= 0 ? rawUrl.slice(0, q) : rawUrl;
  const query = new URLSearchParams(q >= 0 ? rawUrl.slice(q + 1) : "");
  const record = deps.stats.begin(method, path);
  const finish = (status: number, note = "") => {
    record.status = status;
    deps.log(
      `${method} ${path} ${status === 0 ? "dropped" : status} ${Math.round(performance.now() - started)}ms${note}`,
    );
  };

  let release: (() => void) | undefined;
  try {
    const faultable = path.startsWith("/api/v1/") && !/^\/api\/v1\/status\/?$/.test(path);
    const fault = faultable ? deps.faults.next(method) : undefined;
    if (fault?.kind === "drop-before") {
      req.socket.destroy();
      finish(0, " (fault: drop-before)");
      return;
    }

    const body = await readBody(req, deps.maxBodyBytes);
    const held = faultable ? await deps.holds.pass(method, path) : undefined;
    release = held?.done;
    if (held?.outcome === "drop") {
      req.socket.destroy();
      finish(0, " (held, then dropped)");
      return;
    }
    const run = () => answer(deps, req, method, path, query, body, (label) => (record.account = label));
    if (
      deps.deferred.catchWrite(method, path, async () => {
        const status = await run().then(
          (late) => late.status,
          (err: unknown) => {
            deps.log(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
            return 500;
          },
        );
        record.status = status;
        deps.log(`${method} ${path} ${status} (deferred write, handled late; nobody hears the answer)`);
        return status;
      })
    ) {
      req.socket.destroy();
      finish(0, " (deferred write: connection dropped, handled later)");
      return;
    }
    if (fault?.kind === "delay") await sleep(fault.delayMs);
    if (fault?.kind === "500" || fault?.kind === "503") {
      send(res, method, serverErrorReply(Number(fault.kind)));
      finish(Number(fault.kind), ` (fault: ${fault.kind})`);
      return;
    }

    const reply = await run();
    await deps.deferred.afterHandled(method, path);
    if (fault?.kind === "drop-after") {
      // The work is committed; the client just never hears about it.
      req.socket.destroy();
      finish(0, ` (fault: drop-after, would have been ${reply.status})`);
      return;
    }
    if (body.abandon) reply.headers = { ...reply.headers, Connection: "close" };
    send(res, method, reply);
    finish(reply.status);
  } catch (err) {
    if (req.destroyed && res.destroyed) {
      // The client went away; there is no one to answer.
      finish(0, " (client closed the connection)");
      return;
    }
    deps.log(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    if (!res.headersSent && !res.destroyed) {
      send(res, method, serverErrorReply());
      finish(500);
    } else {
      res.destroy();
      finish(0);
    }
  } finally {
    release?.();
  }
}

async function answer(
  deps: PipelineDeps,
  req: IncomingMessage,
  method: string,
  path: string,
  query: URLSearchParams,
  body: Awaited<ReturnType<typeof readBody>>,
  setAccount: (label: string) => void,
): Promise<Reply> {
  if (body.tooLarge) return errorReply(413, `The request body is larger than ${deps.maxBodyBytes} bytes.`);
  const route = matchRoute(method, path);
  switch (route.kind) {
    case "not-found":
      return notFoundReply();
    case "method-not-allowed":
      return methodNotAllowedReply(method, path, route.allowed);
    case "status":
      return { status: 200, body: { message: "Online.", status: 200 } };
    case "stats":
      return { status: 200, body: { requests: deps.stats.requests.length, writes: deps.stats.writeCount() } };
    case "checks-run":
      if (!deps.checker)
        return errorReply(
          409,
          "Checking is off on this server (started with --no-checks, or from code without the checks option).",
        );
      return { status: 200, body: { ...(await deps.checker.runRound()), status: 200 } };
    case "status-page":
      return statusPage(deps, req, query);
    case "openapi":
      // Outside /api/v1 and without a key, like the other /__local routes: the real service has no such route.
      return { status: 200, text: (openApi ??= openApiText()) };
  }

  const account = deps.accounts.authenticate(req);
  if (!account) return unauthenticatedReply();
  setAccount(account.label);
  const rate = deps.limiter.hit(account.id);
  const withRate = (r: Reply): Reply => (rate ? { ...r, headers: { ...r.headers, ...rate.headers } } : r);
  if (rate && !rate.allowed) {
    return withRate({ status: 429, body: { message: "Too Many Attempts.", status: 429 } });
  }
  if (!account.apiAccess) return withRate(forbiddenReply());

  let input: Record<string, unknown> = {};
  // Bodies of reads and deletes are ignored, as the service ignores them.
  if (method === "POST" || method === "PUT" || method === "PATCH") {
    const parsed = parseBody(body.bytes ?? Buffer.alloc(0), req.headers["content-type"]);
    if (!parsed.ok) return withRate(errorReply(parsed.status, parsed.message));
    input = parsed.input;
  }

  // A write (even one refused) is bracketed, so that stale reads know what it changed.
  const afterWrite = route.write ? await deps.staleReads.beforeWrite(account.id) : undefined;
  let status: number | undefined;
  try {
    const reply = await route.handler({
      account,
      store: deps.store,
      read: (fn) => deps.staleReads.read(account.id, fn),
      now: deps.now(),
      query,
      input,
      id: route.id,
      endpointUrl: endpointUrl(deps, req, path),
      fallbackPerPage: deps.fallbackPerPage,
    });
    status = reply.status;
    return withRate(reply);
  } finally {
    await afterWrite?.(status);
  }
}

/** The list endpoint's URL as the client addressed it (pagination links point there). */
function endpointUrl(deps: PipelineDeps, req: IncomingMessage, path: string): string {
  const host = req.headers.host;
  const base = host && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? `http://${host}` : deps.baseUrl();
  return base + (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path);
}

function send(res: ServerResponse, method: string, reply: Reply): void {
  const payload = reply.text ?? (reply.body === undefined ? "" : JSON.stringify(reply.body));
  res.writeHead(reply.status, {
    "Content-Type": "application/json",
    "Cache-Control": "no-cache, private",
    ...reply.headers,
    "Content-Length": Buffer.byteLength(payload),
  });
  res.end(method === "HEAD" ? undefined : payload);
}
