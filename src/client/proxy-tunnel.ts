/**
 * Whether the proxy in effect for a service lets a connection through, found without an
 * API request: one CONNECT tunnel to the service's host and port, opened through the proxy
 * and closed at once. The plugin's preview sends no request (a preview must not touch the
 * service), so a proxy that refuses would otherwise pass preview and fail the first `up`;
 * the tunnel shows it at preview with the same error the client gives on a request.
 *
 * Nothing happens without a proxy: no tunnel, no undici loaded. One verdict per service,
 * proxy and CAs per process.
 */
import type * as undici from "undici";
import { resolveOptions, type UptimeClientOptions } from "./client-options";
import { UptimeNetworkError } from "./errors";
import { proxyRefused, proxyUnreachable, type ProxyRoute } from "./network";
import { errorCode } from "./retry";

const verdicts = new Map<string, Promise<UptimeNetworkError | undefined>>();

/**
 * The error a request would meet at the proxy of `options`' service (a refusal such as 407,
 * nothing listening), or undefined when the tunnel opens or no proxy is in effect.
 * @throws UptimeConfigError for settings the client refuses (check those first).
 */
export function proxyTunnelProblem(options: UptimeClientOptions): Promise<UptimeNetworkError | undefined> {
  const o = resolveOptions(options);
  const proxy = o.route.proxy;
  if (!proxy) return Promise.resolve(undefined);
  // The key holds the proxy URL (credentials too) in memory only; it is never shown.
  const key = `${o.origin}\n${proxy.uri}\n${o.route.ca?.key ?? ""}`;
  let verdict = verdicts.get(key);
  if (!verdict) {
    verdict = openTunnel(o.origin, proxy, o.connectTimeoutMs, o.route.ca?.ca);
    verdicts.set(key, verdict);
  }
  return verdict;
}

/** `host:port` of an origin, the port written out as CONNECT needs it. */
function authority(origin: string): string {
  const url = new URL(origin);
  return `${url.hostname.includes(":") ? `[${url.hostname}]` : url.hostname}:${url.port || (url.protocol === "https:" ? "443" : "80")}`;
}

async function openTunnel(
  origin: string,
  proxy: ProxyRoute,
  connectTimeoutMs: number,
  ca: string[] | undefined,
): Promise<UptimeNetworkError | undefined> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- only when a proxy is in effect
  const { Client } = require("undici") as typeof undici;
  const proxyUrl = new URL(proxy.uri);
  const target = authority(origin);
  const headers: Record<string, string> = { host: target };
  if (proxyUrl.username || proxyUrl.password) {
    // As undici's ProxyAgent sends them.
    const user = `${decodeURIComponent(proxyUrl.username)}:${decodeURIComponent(proxyUrl.password)}`;
    headers["proxy-authorization"] = `Basic ${Buffer.from(user).toString("base64")}`;
  }
  const client = new Client(proxyUrl.origin, { connectTimeout: connectTimeoutMs, connect: ca ? { ca } : undefined });
  const fail = (what: string, cause?: unknown) => {
    const err = new UptimeNetworkError(`CONNECT ${target}: no response: ${what}`, {
      method: "CONNECT",
      path: target,
      // The cause never carries the credentials: they were only in a header.
      cause: cause === undefined ? undefined : new Error(errorCode(cause) ?? (cause as Error).message),
    });
    err.via = "proxy";
    return err;
  };
  try {
    const { statusCode, socket } = await client.connect({
      path: target,
      headers,
      signal: AbortSignal.timeout(connectTimeoutMs),
    });
    socket.destroy();
    return statusCode === 200 ? undefined : fail(proxyRefused(statusCode, origin, proxy).what);
  } catch (err) {
    const code = errorCode(err);
    const known = code ? proxyUnreachable(code, origin, proxy) : undefined;
    return fail(
      known?.what ??
        `could not open a tunnel through the proxy ${proxy.shown} (from ${proxy.from}) to ${origin} (${code ?? "no answer"}). Check that the proxy runs there and that ${proxy.from} names it.`,
      err,
    );
  } finally {
    void client.destroy().catch(() => undefined);
  }
}
