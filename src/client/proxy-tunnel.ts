/**
 * One CONNECT tunnel through a proxy to a service's host and port, opened without an API
 * request: how CheckConfig finds out whether the proxy lets a connection through
 * (connection-check.ts). A refusal comes back as the error the client gives on a request.
 * For an http service behind an http proxy, whose requests go to the proxy in absolute
 * form and never through a tunnel, only a connection to the proxy itself is tried.
 */
import { connect } from "node:net";
import type { Duplex } from "node:stream";
import type * as undici from "undici";
import { UptimeNetworkError } from "./errors";
import { proxyRefused, proxyUnreachable, type ProxyRoute } from "./network";
import { errorCode } from "../util/error-code";

/** `host:port` of an origin, the port written out as CONNECT needs it. */
export function authority(origin: string): string {
  const url = new URL(origin);
  return `${url.hostname.includes(":") ? `[${url.hostname}]` : url.hostname}:${url.port || (url.protocol === "https:" ? "443" : "80")}`;
}

/** The proxy's credentials in `proxyUrl` as a `Proxy-Authorization` header, or none. */
export function proxyAuthorization(proxyUrl: URL): Record<string, string> {
  if (!proxyUrl.username && !proxyUrl.password) return {};
  // As undici's ProxyAgent sends them.
  const user = `${decodeURIComponent(proxyUrl.username)}:${decodeURIComponent(proxyUrl.password)}`;
  return { "proxy-authorization": `Basic ${Buffer.from(user).toString("base64")}` };
}

/** The CONNECT request's headers for `target` through the proxy at `proxyUrl`, its credentials as Basic auth. */
export function connectHeaders(proxyUrl: URL, target: string): Record<string, string> {
  return { host: target, ...proxyAuthorization(proxyUrl) };
}

/** The error a failure on the way to the proxy gives, as `METHOD path: no response: what`. */
function wayFailure(method: string, path: string, what: string, cause?: unknown): UptimeNetworkError {
  const err = new UptimeNetworkError(`${method} ${path}: no response: ${what}`, {
    method,
    path,
    // The cause never carries the credentials: they were only in a header.
    cause: cause === undefined ? undefined : new Error(errorCode(cause) ?? (cause as Error).message),
  });
  err.via = "proxy";
  return err;
}

/**
 * The open tunnel to `origin` through `proxy` (the caller closes it), or the error a
 * request would meet at the proxy (a refusal such as 407, nothing listening).
 */
export async function openTunnel(
  origin: string,
  proxy: ProxyRoute,
  connectTimeoutMs: number,
  ca: string[] | undefined,
): Promise<{ socket: Duplex } | { problem: UptimeNetworkError }> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- only when a proxy is in effect
  const { Client } = require("undici") as typeof undici;
  const proxyUrl = new URL(proxy.uri);
  const target = authority(origin);
  const headers = connectHeaders(proxyUrl, target);
  const client = new Client(proxyUrl.origin, { connectTimeout: connectTimeoutMs, connect: ca ? { ca } : undefined });
  const fail = (what: string, cause?: unknown) => ({ problem: wayFailure("CONNECT", target, what, cause) });
  try {
    const { statusCode, socket } = await client.connect({
      path: target,
      headers,
      signal: AbortSignal.timeout(connectTimeoutMs),
    });
    if (statusCode === 200) return { socket };
    socket.destroy();
    return fail(proxyRefused(statusCode, origin, proxy).what);
  } catch (err) {
    const code = errorCode(err);
    const known = code ? proxyUnreachable(code, origin, proxy) : undefined;
    return fail(
      known?.what ??
        `could not open a tunnel through the proxy ${proxy.shown} (from ${proxy.from}) to ${origin} (${code ?? "no answer"}). Check that the proxy runs there and that ${proxy.from} names it.`,
      err,
    );
  } finally {
    // The tunnel's socket is handed over to the caller: closing the client leaves it open.
    void client.destroy().catch(() => undefined);
  }
}

/**
 * Whether the http proxy `proxy` accepts a connection, which is closed at once, before any
 * byte is sent: undefined when it does, else the error a request would meet (nothing
 * listening, a host that does not resolve). All CheckConfig can find out without a request
 * for an http service, whose requests go to the proxy in absolute form: a CONNECT to the
 * service's port, which proxies allow to port 443 only, would say nothing of them. A proxy
 * that refuses the requests (407, 403) is met at the first one.
 */
export function reachProxy(
  origin: string,
  proxy: ProxyRoute,
  connectTimeoutMs: number,
): Promise<UptimeNetworkError | undefined> {
  const proxyUrl = new URL(proxy.uri);
  const target = authority(proxyUrl.origin);
  return new Promise((resolve) => {
    const socket = connect({ host: proxyUrl.hostname.replace(/^\[(.*)\]$/, "$1"), port: Number(proxyUrl.port) || 80 });
    const done = (err?: Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (!err) return resolve(undefined);
      const code = errorCode(err) ?? "no answer";
      const what =
        proxyUnreachable(code, origin, proxy)?.what ??
        `could not connect to the proxy ${proxy.shown} (from ${proxy.from}) (${code}). Check that the proxy runs there and that ${proxy.from} names it.`;
      resolve(wayFailure("TCP", target, what, err));
    };
    const timer = setTimeout(
      () => done(Object.assign(new Error("connect timed out"), { code: "UND_ERR_CONNECT_TIMEOUT" })),
      connectTimeoutMs,
    );
    socket.once("connect", () => done());
    socket.once("error", done);
  });
}
