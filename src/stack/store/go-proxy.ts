/**
 * The proxy the CLI's Go HTTP client takes for a request (http.ProxyFromEnvironment):
 * HTTPS_PROXY/HTTP_PROXY unless NO_PROXY lists the host, and never one for loopback or
 * localhost, whatever the variables say.
 */
import { isIP } from "node:net";
import { proxyFor, type ProxyRoute } from "../../client/network";

/** The proxy of requests to `origin` under `env`, or undefined to go direct. */
export function goProxyFor(origin: string, env: NodeJS.ProcessEnv): ProxyRoute | undefined {
  return isLoopback(new URL(origin).hostname) ? undefined : proxyFor(origin, env);
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return (isIP(host) === 4 && host.startsWith("127.")) || host === "::1";
}
