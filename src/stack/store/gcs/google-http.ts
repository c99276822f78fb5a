/**
 * One HTTP exchange with a Google endpoint (Cloud Storage, a token endpoint, the metadata
 * server), through the proxy the CLI's Go HTTP client would use: HTTPS_PROXY/HTTP_PROXY from
 * the environment unless NO_PROXY lists the host, and never for loopback or localhost.
 */
import type { Dispatcher } from "undici";
import { leaseSharedAgent, requestThrough } from "../../../client/agent";
import { goProxyFor } from "../go-proxy";

/** An answer, whole: these are small JSON documents or one checkpoint. */
export interface GoogleAnswer {
  status: number;
  body: Buffer;
}

/** How a request is sent. */
interface GoogleRequestOptions {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, connecting included: an address nothing answers on stays silent until then. */
  timeoutMs?: number;
  /** Where the proxy variables come from; without it (the metadata server: Go's client for it takes no proxy), none. */
  env?: NodeJS.ProcessEnv;
}

// Long enough for a large checkpoint on a slow link; short enough that a silent host ends the audit.
const TIMEOUT_MS = 60_000;
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * Sends the request and reads the whole answer.
 * @throws Error with a message that names the host and proxy only (never the query, headers or proxy credentials) when it cannot be reached.
 */
export async function googleRequest(url: string, options: GoogleRequestOptions = {}): Promise<GoogleAnswer> {
  const target = new URL(url);
  const proxy = options.env ? goProxyFor(target.origin, options.env) : undefined;
  const lease = leaseSharedAgent(CONNECT_TIMEOUT_MS, { proxy });
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

/** The service's JSON error (`{ error: { code, message, errors: [{ reason }] } }` or OAuth's `{ error, error_description }`), briefly. */
export function googleErrorText(answer: GoogleAnswer): string {
  let text = "";
  try {
    const parsed = JSON.parse(answer.body.toString("utf8")) as {
      error?: string | { message?: string; errors?: { reason?: string }[]; status?: string };
      error_description?: string;
    };
    if (typeof parsed.error === "string") {
      text = [parsed.error, parsed.error_description].filter(Boolean).join(": ");
    } else if (parsed.error) {
      const reason = parsed.error.errors?.[0]?.reason ?? parsed.error.status;
      text = [reason, parsed.error.message].filter(Boolean).join(": ");
    }
  } catch {
    // Not JSON (a proxy's page, say): the status alone.
  }
  return `HTTP ${answer.status}${text ? ` ${text.slice(0, 200)}` : ""}`;
}
