/**
 * Whether the way to a service works, found without an API request: the plugin's preview
 * sends the service nothing, so a proxy that refuses or a certificate that is not trusted
 * would pass it and fail the first `up`. When a proxy is in effect, one CONNECT tunnel
 * through it (proxy-tunnel.ts); for an https service, one TLS handshake over that tunnel or
 * directly, with the CAs the client trusts (tls-handshake.ts). Both are closed before any
 * HTTP is sent, and a failure is the error the client gives on a request. An http service
 * behind an http proxy is requested in absolute form, never through a tunnel: for it, only
 * a connection to the proxy is tried.
 *
 * A service that cannot be reached at all is not a failure here: preview works offline.
 * Nothing happens for an http service without a proxy: no connection, no undici loaded.
 * One verdict per service, proxy and CAs per process.
 */
import { resolveOptions, type UptimeClientOptions } from "./client-options";
import { UptimeNetworkError } from "./errors";
import { diagnose } from "./network";
import { authority, openTunnel, reachProxy } from "./proxy-tunnel";
import { errorCode } from "../util/error-code";
import { handshakeFailure } from "./tls-handshake";

const verdicts = new Map<string, Promise<UptimeNetworkError | undefined>>();

/**
 * The error a request would meet on the way to `options`' service (a proxy's refusal or
 * absence, a certificate not trusted), or undefined when the way is open or unknown.
 * @throws UptimeConfigError for settings the client refuses (check those first).
 */
export function connectionProblem(options: UptimeClientOptions): Promise<UptimeNetworkError | undefined> {
  const o = resolveOptions(options);
  const https = o.origin.startsWith("https:");
  if (!o.route.proxy && !https) return Promise.resolve(undefined);
  // The key holds the proxy URL (credentials too) in memory only; it is never shown.
  const key = `${o.origin}\n${o.route.proxy?.uri ?? ""}\n${o.route.ca?.key ?? ""}`;
  let verdict = verdicts.get(key);
  if (!verdict) {
    verdict = check(o);
    verdicts.set(key, verdict);
  }
  return verdict;
}

async function check(o: ReturnType<typeof resolveOptions>): Promise<UptimeNetworkError | undefined> {
  const { origin, route, connectTimeoutMs } = o;
  const ca = route.ca?.ca;
  let socket;
  if (route.proxy && !origin.startsWith("https:") && new URL(route.proxy.uri).protocol === "http:") {
    // Its requests go to the proxy in absolute form, never through a tunnel.
    return reachProxy(origin, route.proxy, connectTimeoutMs);
  }
  if (route.proxy) {
    const tunnel = await openTunnel(origin, route.proxy, connectTimeoutMs, ca);
    if ("problem" in tunnel) return tunnel.problem;
    socket = tunnel.socket;
    if (!origin.startsWith("https:")) {
      socket.destroy();
      return undefined;
    }
  }
  const failure = await handshakeFailure(origin, socket, ca, connectTimeoutMs);
  const diagnosis = failure ? diagnose(failure, origin, route) : undefined;
  // Only the certificate fails the check: an unreachable service is found at the first request.
  if (diagnosis?.via !== "tls") return undefined;
  const target = authority(origin);
  const err = new UptimeNetworkError(`TLS ${target}: no response: ${diagnosis.what}`, {
    method: "TLS",
    path: target,
    cause: new Error(errorCode(failure) ?? failure!.message),
  });
  err.via = "tls";
  return err;
}
