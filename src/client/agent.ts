/**
 * The default dispatcher: one keep-alive undici Agent per process (per connect timeout,
 * proxy and trusted CAs), shared by every client so that connections are reused across
 * Pulumi resources. Reference-counted, so that a client's `close()` closes it only when no
 * other client still uses it. A ProxyAgent, or an explicit CA list, only when the client's
 * route asks for one (see network.ts). Through a proxy, an http:// service is requested in
 * absolute form and an https:// one through a CONNECT tunnel, as curl and Go do.
 */
import type { Agent as AgentClass, Dispatcher, ProxyAgent as ProxyAgentClass } from "undici";
import type { CaRoute, ProxyRoute } from "./network";

/*
 * undici's two dispatchers and its `request`, loaded from their own modules on first use:
 * undici's index loads everything it offers (fetch, WebSocket, caches, mocks) and cost each
 * provider process more than 200 ms at start; the agent and `request` are a third of that.
 * The index is loaded only when a proxy is in effect. It would also add `request` to every
 * dispatcher; without it, `requestThrough` calls it on the dispatcher given.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use, see above */
const loadAgent = (): typeof AgentClass => require("undici/lib/dispatcher/agent");
// ProxyAgent needs the methods undici's index adds to every dispatcher (its tunnel uses `connect`).
const loadProxyAgent = (): typeof ProxyAgentClass => (require("undici") as typeof import("undici")).ProxyAgent;
type RequestFn = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
let request: RequestFn | undefined;

/** undici's `request` through `dispatcher` (any dispatcher: the shared agent, or one a caller passed). */
export function requestThrough(
  dispatcher: Dispatcher,
  options: Dispatcher.RequestOptions,
): Promise<Dispatcher.ResponseData> {
  // A dispatcher made through undici's index has it already (as have stand-ins that offer only it).
  if (typeof dispatcher.request === "function") return dispatcher.request(options);
  request ??= require("undici/lib/api/api-request") as RequestFn;
  return request.call(dispatcher, options);
}
/* eslint-enable @typescript-eslint/no-require-imports */

interface Shared {
  agent: Dispatcher;
  users: number;
}

const shared = new Map<string, Shared>();

/** A lease on the shared agent; `release()` closes the agent when the last lease goes. */
export interface AgentLease {
  dispatcher: Dispatcher;
  release(): Promise<void>;
}

/** How the agent connects: through a proxy, trusting extra CAs. */
interface AgentRoute {
  proxy?: ProxyRoute;
  ca?: CaRoute;
}

function makeAgent(connectTimeoutMs: number, route: AgentRoute): Dispatcher {
  const base = { connectTimeout: connectTimeoutMs, keepAliveTimeout: 4_000 };
  const tls = route.ca ? { ca: route.ca.ca } : undefined;
  if (route.proxy) {
    // The CAs serve both the service behind the tunnel and an https proxy itself. The
    // connection to the proxy has the same connect timeout as any other.
    const ProxyAgent = loadProxyAgent();
    return new ProxyAgent({
      ...base,
      uri: route.proxy.uri,
      requestTls: tls,
      proxyTls: { ...tls, timeout: connectTimeoutMs },
      // An http:// service through an http:// proxy: absolute-form requests (`GET http://host/path`),
      // as curl and Go send them, not a CONNECT tunnel, which proxies allow to port 443 only
      // (Squid's default). An https:// service, or any through an https:// proxy, still tunnels.
      proxyTunnel: false,
    });
  }
  // undici unrefs idle sockets, so a client that is never closed does not hold the process open.
  const Agent = loadAgent();
  return new Agent(tls ? { ...base, connect: tls } : base);
}

/** Takes a lease on the process-wide agent with this connect timeout and route. */
export function leaseSharedAgent(connectTimeoutMs: number, route: AgentRoute = {}): AgentLease {
  // The key holds the proxy URL (credentials too) in memory only; it is never shown.
  const key = `${connectTimeoutMs}\n${route.proxy?.uri ?? ""}\n${route.ca?.key ?? ""}`;
  let entry = shared.get(key);
  if (!entry) {
    entry = { agent: makeAgent(connectTimeoutMs, route), users: 0 };
    shared.set(key, entry);
  }
  entry.users++;
  const held = entry;
  let released = false;
  return {
    dispatcher: held.agent,
    async release() {
      if (released) return;
      released = true;
      held.users--;
      if (held.users === 0 && shared.get(key) === held) {
        shared.delete(key);
        await held.agent.close();
      }
    },
  };
}
