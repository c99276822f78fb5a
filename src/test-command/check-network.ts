/**
 * The way `pulumi-uptime test`'s checks go out: the same proxy and CA rules as the API calls
 * (src/client/network.ts). The proxy is UPTIME_PROXY_URL when set, else HTTPS_PROXY /
 * HTTP_PROXY by the target's scheme; NO_PROXY lists what is reached directly. The trusted CAs
 * are Node's, NODE_EXTRA_CA_CERTS, UPTIME_CA_CERTIFICATES and SSL_CERT_FILE, and `--ca` adds
 * to them (it used to replace them). The stack's config (`uptime:proxyUrl`, ...) is not read.
 */
import { caFor, proxyFor, proxyUrlProblem, readCaCertificates, type ProxyRoute } from "../client/network";

/** A network setting the checks cannot use: the message names it. */
class CheckNetworkError extends Error {}

export interface CheckNetwork {
  ca: string[] | undefined;
  proxyFor: (url: URL) => ProxyRoute | undefined;
}

/**
 * The checks' proxy and CAs from `env` and `--ca` (`caFile`). `tls`: whether any check may
 * use TLS; without it, SSL_CERT_FILE is not read (a bad one fails only what needs it).
 * @throws CheckNetworkError naming the setting, variable or option that cannot be used.
 */
export function checkNetwork(env: NodeJS.ProcessEnv, caFile: string | undefined, tls: boolean): CheckNetwork {
  const proxyUrl = env.UPTIME_PROXY_URL?.trim();
  const proxy = proxyUrl ? { value: proxyUrl, from: "UPTIME_PROXY_URL" } : undefined;
  const routes = new Map<string, ProxyRoute | undefined>();
  const routeOf = (url: URL): ProxyRoute | undefined => {
    if (!routes.has(url.origin)) {
      const route = proxyFor(url.origin, env, proxy);
      const problem = route && proxyUrlProblem(route.uri);
      if (problem) throw new CheckNetworkError(`${route.from} ${problem}`);
      routes.set(url.origin, route);
    }
    return routes.get(url.origin);
  };
  // Judged now, for both schemes, so that a bad proxy variable fails before any check.
  for (const origin of ["http://proxy-check.invalid", "https://proxy-check.invalid"]) routeOf(new URL(origin));
  const fromEnv = env.UPTIME_CA_CERTIFICATES?.trim();
  let ca: string[] | undefined;
  try {
    ca = caFor(env, fromEnv ? { value: fromEnv, from: "UPTIME_CA_CERTIFICATES" } : undefined, tls)?.ca;
  } catch (err) {
    throw new CheckNetworkError((err as Error).message, { cause: err });
  }
  if (caFile) {
    let extra: string[];
    try {
      extra = readCaCertificates(caFile);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new CheckNetworkError(`--ca: cannot read ${caFile}: ${code ?? (err as Error).message}`, { cause: err });
    }
    // Added to the store in effect: Node's roots and NODE_EXTRA_CA_CERTS, and the ones above.
    ca = ca
      ? [...ca, ...extra]
      : caFor({ NODE_EXTRA_CA_CERTS: env.NODE_EXTRA_CA_CERTS }, { value: extra.join("\n"), from: "--ca" })!.ca;
  }
  return { ca, proxyFor: routeOf };
}
