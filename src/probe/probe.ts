/**
 * One check of one target over HTTP(S), as the service's checker does it: the monitor's
 * method, headers and Basic auth; redirects followed (up to a bound of ours); up or down by
 * the alert condition. The one check of the project: the local server's checker
 * (src/server/checker) and `pulumi-uptime test` (src/cli/test.ts) both run it. Bounded in time (one deadline for the whole check, redirects and body
 * included) and in bytes (a text lookup reads at most `maxBodyBytes`; an availability
 * check reads no body at all). Never throws: every failure is a "down" with its reason.
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { TLSSocket } from "node:tls";
import { DRAIN_BYTES, type Connections } from "./connections";
import { Deadline } from "./deadline";
import { firstUrl, isLoopbackHost, requestHeaders, type ProbeTarget } from "./probe-target";
import { absoluteFormRequest, overTunnel, proxyNotReached, tunnelTo } from "./proxy-connection";
import type { ProxyRoute } from "../client/network";

/** How a check is bounded and whom it may reach. */
export interface ProbeSettings {
  /** One deadline for the whole check, redirects and body included. */
  timeoutMs: number;
  /** Most body bytes a text lookup reads. */
  maxBodyBytes: number;
  /** Most redirects followed. */
  maxRedirects: number;
  /** Refuse targets outside loopback. */
  loopbackOnly: boolean;
  /** Certificate authorities trusted for https, instead of Node's bundled ones. */
  ca: (string | Buffer)[] | undefined;
  /**
   * Kept-alive connections to share between checks (`pulumi-uptime test`); without them,
   * a fresh connection per check, as the service's checker opens (connections.ts says why
   * sharing changes no outcome).
   */
  connections?: Connections;
  /** The proxy a request to `url` goes through, if any (`pulumi-uptime test`: the client's rules). */
  proxyFor?: (url: URL) => ProxyRoute | undefined;
}

/**
 * The bounds of a check: a 10 s timeout, 5 redirects, a 1 MiB body read for a text lookup.
 * Our choices, for the local server's checker and `pulumi-uptime test` alike: the service
 * publishes no timeout, redirect limit or body limit of its own.
 */
export const PROBE_DEFAULTS = {
  timeoutMs: 10_000,
  maxBodyBytes: 1024 * 1024,
  maxRedirects: 5,
} as const;

/** What a check found. */
export interface ProbeResult {
  up: boolean;
  /** `200 OK`, `503 Service Unavailable`, the text finding, or the error. */
  result: string;
  /** Milliseconds from the first request to the verdict. */
  responseTimeMs: number;
  /** End of the validity of the last https hop's certificate (epoch ms), when there was one. */
  sslEndsAt: number | null;
}

/** A failure with a message meant for the incident's cause. */
class CheckFailure extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** "<code> <reason>", as the service writes a failed response into the cause. */
function statusLine(res: IncomingMessage): string {
  const code = res.statusCode ?? 0;
  const reason = res.statusMessage || http.STATUS_CODES[code] || "";
  return `${code} ${reason}`.trim();
}

/** Checks `target` once. `signal` ends it early (the server or the command is closing). */
export async function probe(target: ProbeTarget, settings: ProbeSettings, signal?: AbortSignal): Promise<ProbeResult> {
  const started = performance.now();
  const deadline = new Deadline();
  const timer = setTimeout(
    () => deadline.end(new CheckFailure(`timed out after ${settings.timeoutMs} ms`)),
    settings.timeoutMs,
  );
  const onAbort = () => deadline.end(new CheckFailure("the check was cancelled"));
  signal?.addEventListener("abort", onAbort, { once: true });
  let sslEndsAt: number | null = null;
  const done = (up: boolean, result: string): ProbeResult => ({
    up,
    result,
    sslEndsAt,
    responseTimeMs: Math.max(0, Math.round(performance.now() - started)),
  });
  try {
    let url = firstUrl(target);
    let method = target.method;
    const origin = url.origin;
    for (let hop = 0; ; hop++) {
      const res = await send(url, method, requestHeaders(target, url.origin === origin), settings, deadline);
      const cert = certificateEnd(res);
      if (url.protocol === "https:") sslEndsAt = cert;
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode ?? 0) && location) {
        letGo(res, method, settings);
        if (hop >= settings.maxRedirects) return done(false, `too many redirects (more than ${settings.maxRedirects})`);
        url = new URL(location, url);
        // As browsers and the service's HTTP client do: 303 always, 301/302 after a POST-like method, go on with GET.
        if (
          res.statusCode === 303 ||
          ((res.statusCode === 301 || res.statusCode === 302) && method !== "GET" && method !== "HEAD")
        )
          method = "GET";
        continue;
      }
      const line = statusLine(res);
      if (target.condition === "url_unavailable" || !target.lookup) {
        // Only the status matters: the body is never read for the verdict.
        letGo(res, method, settings);
        const code = res.statusCode ?? 0;
        return done(code >= 200 && code < 300, line);
      }
      const body = await readBounded(res, settings.maxBodyBytes, deadline);
      const found = body.includes(Buffer.from(target.lookup, "utf8"));
      const text = `text "${target.lookup}" ${found ? "found" : "not found"}`;
      // url_text alerts when the text IS there, url_no_text when it is NOT.
      const up = target.condition === "url_text" ? !found : found;
      return done(up, `${line}, ${text}`);
    }
  } catch (err) {
    const reason = deadline.reason ?? err;
    return done(false, describe(reason));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

/** Codes of a kept-alive connection the other side closed before it took the request. */
const STALE = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED"]);

/**
 * Sends one request; resolves with the response once its head has arrived. On a shared
 * connection the target closed while idle, sends it again once on a fresh one.
 */
function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  settings: ProbeSettings,
  deadline: Deadline,
  fresh = false,
): Promise<IncomingMessage> {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return Promise.reject(new CheckFailure(`unsupported URL scheme ${url.protocol}`));
  if (settings.loopbackOnly && !isLoopbackHost(url.hostname)) {
    return Promise.reject(
      new CheckFailure(`not checked: ${url.hostname} is not on loopback, and this server checks only loopback targets`),
    );
  }
  if (deadline.reason) return Promise.reject(deadline.reason);
  const proxy = settings.proxyFor?.(url);
  if (proxy && url.protocol === "http:") {
    const { to, options } = absoluteFormRequest(url, proxy, method, headers, settings.ca);
    return request(to, options, deadline).then(
      (res) => {
        if (res.statusCode !== 407) return res;
        res.destroy();
        throw new CheckFailure(`the proxy ${proxy.shown} (from ${proxy.from}) refused the request: 407`);
      },
      (err: NodeJS.ErrnoException) => {
        throw deadline.reason ?? proxyNotReached(proxy, err);
      },
    );
  }
  if (proxy) {
    // A tunnel per request through the proxy: nothing is shared with other checks. No `agent`:
    // with one (even `false`) Node ignores `createConnection` and connects directly.
    return tunnelTo(url, proxy, deadline, settings.ca).then((tunnel) =>
      request(url, { method, headers, createConnection: () => overTunnel(url, tunnel, settings.ca) }, deadline),
    );
  }
  const secure = url.protocol === "https:";
  const shared = fresh ? undefined : settings.connections?.[secure ? "https" : "http"];
  const options: https.RequestOptions = {
    method,
    headers,
    // Without shared connections, a fresh one per check, as a checker sees a site.
    agent: shared ?? false,
    ...(secure && settings.ca ? { ca: settings.ca } : {}),
  };
  return request(url, options, deadline, (req, err) =>
    req.reusedSocket && STALE.has(err.code ?? "") && !deadline.isOver
      ? send(url, method, headers, settings, deadline, true)
      : undefined,
  );
}

/**
 * One request; resolves with the response once its head has arrived. `retry` may answer an
 * error with another attempt (a kept-alive connection the target closed while idle).
 */
function request(
  url: URL,
  options: https.RequestOptions,
  deadline: Deadline,
  retry: (req: http.ClientRequest, err: NodeJS.ErrnoException) => Promise<IncomingMessage> | undefined = () =>
    undefined,
): Promise<IncomingMessage> {
  const secure = url.protocol === "https:";
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(url, options, (res) => {
      // Whatever the response does after the verdict must not become an uncaught error.
      res.on("error", () => undefined);
      resolve(res);
    });
    // The deadline ends the request, and a body still being read (its socket goes with it).
    req.once(
      "close",
      deadline.onEnd(() => req.destroy(deadline.reason)),
    );
    req.on("error", (err: NodeJS.ErrnoException) => {
      const again = retry(req, err);
      if (again) resolve(again);
      else reject(err);
    });
    req.end();
  });
}

/**
 * Done with a response whose body the verdict does not need: on a shared connection the
 * body is read on (and dropped) so that the connection can serve the next check, unless
 * it is longer than DRAIN_BYTES, which closes the connection instead; without shared
 * connections, closed unread.
 */
function letGo(res: IncomingMessage, method: string, settings: ProbeSettings): void {
  const length = Number(res.headers["content-length"] ?? 0);
  if (!settings.connections || (method !== "HEAD" && !(length <= DRAIN_BYTES))) {
    res.destroy();
    return;
  }
  let read = 0;
  res.on("data", (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_BYTES) res.destroy();
  });
}

/** Up to `max` bytes of the body; the rest is dropped with the connection. */
function readBounded(res: IncomingMessage, max: number, deadline: Deadline): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let stopListening: () => void = () => undefined;
    // Settle first, then let go of the connection: destroying it emits events of its own.
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      stopListening();
      res.off("data", onData);
      outcome();
      res.destroy();
    };
    const finish = () => settle(() => resolve(Buffer.concat(chunks, Math.min(size, max))));
    const fail = (err: unknown) => settle(() => reject(err));
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= max) finish();
    };
    if (max === 0) return finish();
    stopListening = deadline.onEnd(() => fail(deadline.reason));
    res.on("data", onData);
    res.once("end", finish);
    res.once("error", fail);
    res.once("aborted", () => fail(new CheckFailure("the connection closed before the body ended")));
  });
}

/** The end of validity of the peer's certificate on an https response, else null. */
function certificateEnd(res: IncomingMessage): number | null {
  const socket = res.socket as TLSSocket | null;
  if (!socket || typeof socket.getPeerCertificate !== "function") return null;
  const cert = socket.getPeerCertificate();
  const end = cert && cert.valid_to ? Date.parse(cert.valid_to) : NaN;
  return Number.isFinite(end) ? end : null;
}

/** A reason fit for an incident's cause: short, one line. */
function describe(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as NodeJS.ErrnoException)?.code;
  const text = message || code || "the check failed";
  return text.replace(/\s+/g, " ").trim().slice(0, 255);
}
