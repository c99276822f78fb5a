/**
 * One CONNECT tunnel through a proxy to a service's host and port, opened without an API
 * request: how CheckConfig finds out whether the proxy lets a connection through
 * (connection-check.ts). A refusal comes back as the error the client gives on a request.
 */
import type { Duplex } from "node:stream";
import type * as undici from "undici";
import { UptimeNetworkError } from "./errors";
import { proxyRefused, proxyUnreachable, type ProxyRoute } from "./network";
import { errorCode } from "./retry";

/** `host:port` of an origin, the port written out as CONNECT needs it. */
export function authority(origin: string): string {
  const url = new URL(origin);
  return `${url.hostname.includes(":") ? `[${url.hostname}]` : url.hostname}:${url.port || (url.protocol === "https:" ? "443" : "80")}`;
}

/** The CONNECT request's headers for `target` through the proxy at `proxyUrl`, its credentials as Basic auth. */
export function connectHeaders(proxyUrl: URL, target: string): Record<string, string> {
  const headers: Record<string, string> = { host: target };
  if (proxyUrl.username || proxyUrl.password) {
    // As undici's ProxyAgent sends them.
    const user = `${decodeURIComponent(proxyUrl.username)}:${decodeURIComponent(proxyUrl.password)}`;
    headers["proxy-authorization"] = `Basic ${Buffer.from(user).toString("base64")}`;
  }
  return headers;
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
  const fail = (what: string, cause?: unknown) => {
    const err = new UptimeNetworkError(`CONNECT ${target}: no response: ${what}`, {
      method: "CONNECT",
      path: target,
      // The cause never carries the credentials: they were only in a header.
      cause: cause === undefined ? undefined : new Error(errorCode(cause) ?? (cause as Error).message),
    });
    err.via = "proxy";
    return { problem: err };
  };
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
