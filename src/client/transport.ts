/**
 * One HTTP exchange through undici: builds the headers, enforces the attempt's time
 * limit, and reads the whole body. It does not retry, wait or interpret statuses; a
 * failure without a usable response comes out as a {@link TransportFailure} that says
 * whether the request may have reached the service.
 */
import type { Dispatcher } from "undici";
import type { IncomingHttpHeaders } from "node:http";
import { requestThrough } from "./agent";
import { diagnose, type Route } from "./network";
import { classifyFailure, type FailureKind } from "./retry";

/** HTTP methods the API uses. */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Where and how to send. */
export interface TransportConfig {
  dispatcher: Dispatcher;
  origin: string;
  pathPrefix: string;
  apiKey: string;
  userAgent: string;
  timeoutMs: number;
  /** The proxy and CAs in use, for explaining failures on the way. */
  route?: Route;
}

/** One request, already encoded. */
interface WireRequest {
  method: Method;
  /** API path such as `/api/v1/monitors/12`. */
  path: string;
  /** Encoded query string without `?`, or empty. */
  query?: string;
  /** Encoded form body, or undefined for none. */
  body?: string;
}

/** A complete response. */
export interface WireResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * A request that got no usable response. `error` is the raw error: sanitize before exposing.
 * `final`: a failure that trying again cannot mend (an untrusted certificate, a proxy's
 * refusal), so it is not retried.
 */
export class TransportFailure extends Error {
  override name = "TransportFailure";
  constructor(
    readonly kind: FailureKind,
    readonly error: unknown,
    readonly final = false,
  ) {
    super(`transport failure (${kind})`);
  }
}

const TIMED_OUT = Symbol("attempt timed out");

/** Sends `req` once. Resolves with any status; rejects only with {@link TransportFailure}. */
export async function sendOnce(cfg: TransportConfig, req: WireRequest): Promise<WireResponse> {
  const headers: Record<string, string> = {
    accept: "application/json",
    authorization: `Bearer ${cfg.apiKey}`,
    "user-agent": cfg.userAgent,
  };
  if (req.body !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";

  // One deadline over headers and body together; undici's own timeouts are per phase
  // and reset with every chunk, so a slow trickle could otherwise run forever.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMED_OUT), cfg.timeoutMs);
  try {
    const res = await requestThrough(cfg.dispatcher, {
      origin: cfg.origin,
      path: cfg.pathPrefix + req.path + (req.query ? `?${req.query}` : ""),
      method: req.method,
      headers,
      body: req.body,
      signal: controller.signal,
      headersTimeout: cfg.timeoutMs,
      bodyTimeout: cfg.timeoutMs,
    });
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, text };
  } catch (err) {
    if (controller.signal.aborted) throw new TransportFailure("timeout", new Error("attempt timed out"));
    const diagnosis = diagnose(err, cfg.origin, cfg.route);
    // A refused tunnel or a failed handshake carried no request to the service.
    const kind: FailureKind = diagnosis ? "not-sent" : classifyFailure(err);
    throw new TransportFailure(kind, err, diagnosis?.final ?? false);
  } finally {
    clearTimeout(timer);
  }
}
