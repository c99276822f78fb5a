/**
 * One HTTP exchange of a store with its service or a token service, read whole (small JSON
 * or XML documents, or one checkpoint), through the proxy the CLI's Go HTTP client would use
 * (HTTPS_PROXY/HTTP_PROXY unless NO_PROXY lists the host, never for loopback) and trusting
 * the extra CAs given.
 */
import type { Dispatcher } from "undici";
import { leaseSharedAgent, requestThrough } from "../../client/agent";
import type { CaRoute } from "../../client/network";
import { goProxyFor } from "./go-proxy";

/** An answer, whole. */
export interface StoreAnswer {
  status: number;
  body: Buffer;
}

/** How a request is sent. */
export interface StoreRequestOptions {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, connecting included: an address nothing answers on stays silent until then. */
  timeoutMs?: number;
  /** Where the proxy variables come from; without it, no proxy. */
  env?: NodeJS.ProcessEnv;
  /** CAs to trust besides Node's. */
  ca?: CaRoute;
}

// Long enough for a large checkpoint on a slow link; short enough that a silent host ends the audit.
const TIMEOUT_MS = 60_000;
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Sends the request and reads the whole answer.
 * @throws Error with a message that names the host and proxy only (never the query, headers or proxy credentials) when it cannot be reached.
 */
export async function storeRequest(url: string, options: StoreRequestOptions = {}): Promise<StoreAnswer> {
  const target = new URL(url);
  const proxy = options.env ? goProxyFor(target.origin, options.env) : undefined;
  const lease = leaseSharedAgent(CONNECT_TIMEOUT_MS, { proxy, ca: options.ca });
  try {
    const request: Dispatcher.RequestOptions = {
      origin: target.origin,
      path: target.pathname + target.search,
      method: options.method ?? "GET",
      headers: options.headers,
      body: options.body,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    };
    const res = await requestThrough(lease.dispatcher, request);
    return { status: res.statusCode, body: Buffer.from(await res.body.arrayBuffer()) };
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
    const code = e.name === "TimeoutError" ? "no answer in time" : (e.code ?? e.cause?.code ?? e.name);
    const via = proxy ? ` through the proxy ${proxy.shown} (${proxy.from})` : "";
    throw new Error(`could not reach ${target.host}${via} (${code})`, { cause: err });
  } finally {
    await lease.release();
  }
}
