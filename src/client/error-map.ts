/**
 * Turns an HTTP status and error body, or a transport failure, into the matching class
 * of `errors.ts` with a message a person can act on. Every text that reaches an error
 * passes through `redact`, and causes are rebuilt from scratch, so that the API key can
 * never leak through a service that echoes headers or an undici error that carries them.
 */
import { errorBodySchema } from "../schemas/list";
import {
  UptimeError,
  UptimeForbiddenError,
  UptimeNetworkError,
  UptimeNotFoundError,
  UptimeRateLimitError,
  UptimeServerError,
  UptimeUnauthorizedError,
  UptimeValidationError,
  type UptimeErrorDetails,
} from "./errors";
import { ENV } from "./client-options";
import { diagnose, type Route } from "./network";
import { type FailureKind } from "./retry";
import { errorCode } from "../util/error-code";

/**
 * Formats a field path as users write it: `alerts[0].value`. Accepts the service's dot
 * keys (`alerts.0.value`) or zod's path segments (`["alerts", 0, "value"]`).
 */
export function formatFieldPath(path: string | readonly PropertyKey[]): string {
  const segments =
    typeof path === "string" ? path.split(".") : path.map((s) => (typeof s === "symbol" ? s.toString() : s));
  let out = "";
  for (const s of segments) {
    const isIndex = typeof s === "number" || /^\d+$/.test(String(s));
    out += isIndex ? `[${String(s)}]` : out === "" ? String(s) : `.${String(s)}`;
  }
  return out;
}

/** Replaces every occurrence of `secret` in `text`. Keys shorter than 4 characters are not searched (they would mangle text). */
function redact(text: string, secret: string): string {
  return secret.length >= 4 ? text.split(secret).join("[redacted]") : text;
}

/** What an error body says: a message and, for validation errors, messages per field. */
interface ErrorBody {
  message?: string;
  fields: Record<string, string[]>;
}

/**
 * Reads an error body leniently: JSON or not, `message` as string or field map, Laravel's `errors`.
 */
function readErrorBody(text: string): ErrorBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { fields: {} };
  }
  const parsed = errorBodySchema.safeParse(json);
  if (!parsed.success) return { fields: {} };
  const { message, errors } = parsed.data;
  const fields: Record<string, string[]> = {};
  const map = errors ?? (typeof message === "object" ? message : undefined);
  for (const [key, value] of Object.entries(map ?? {})) {
    fields[formatFieldPath(key)] = Array.isArray(value) ? value : [value];
  }
  return { message: typeof message === "string" ? message : undefined, fields };
}

/** Context of one request, for messages and error details. */
export interface RequestContext {
  method: string;
  /** API path, e.g. `/api/v1/monitors/12` (no origin, no query). */
  path: string;
  apiKey: string;
  /** Attempts made, the failing one included. */
  attempts: number;
  /** `scheme://host[:port]` the request went to, named when no connection could be made. */
  origin?: string;
  /** The proxy and CAs in use, to explain a failure on the way. */
  route?: Route;
}

/** The password of the route's proxy URL, if any, which no error may hold. */
function proxySecrets(route: Route | undefined): string[] {
  if (!route?.proxy) return [];
  try {
    const url = new URL(route.proxy.uri);
    return [route.proxy.uri, url.password, decodeURIComponent(url.password)].filter((s) => s.length >= 4);
  } catch {
    return [route.proxy.uri];
  }
}

/** `host:port` of an origin, the port spelled out even when it is the scheme's default. */
function hostAndPort(origin: string): string {
  try {
    const url = new URL(origin);
    return `${url.hostname}:${url.port || (url.protocol === "https:" ? "443" : "80")}`;
  } catch {
    return origin;
  }
}

/** Why a write's failure leaves its effect unknown, and what to do. */
function outcomeHint(method: string): string {
  return method === "POST"
    ? " The outcome is unknown: the record may have been created. Look it up before trying again (monitor names are unique per account)."
    : " The outcome is unknown: the change may have been applied. Read the record before trying again.";
}

function sentence(text: string | undefined): string {
  if (!text) return "";
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function attemptsNote(n: number): string {
  return n > 1 ? ` (after ${n} attempts)` : "";
}

/** Builds the error for a non-2xx response. */
export function errorFromResponse(
  ctx: RequestContext,
  status: number,
  bodyText: string,
  extra: { outcomeUnknown?: boolean; retryAfterSeconds?: number; waitedMs?: number; maxWaitMs?: number } = {},
): UptimeError {
  const body = readErrorBody(redact(bodyText, ctx.apiKey));
  const fieldNames = Object.keys(body.fields);
  const serviceMessage =
    body.message ?? (fieldNames.length > 0 ? fieldNames.map((f) => body.fields[f].join(" ")).join(" ") : undefined);
  const head = `${ctx.method} ${ctx.path}:`;
  const said = serviceMessage ? `: ${sentence(body.message ?? serviceMessage)}` : ".";
  const details: UptimeErrorDetails = {
    method: ctx.method,
    path: ctx.path,
    status,
    serviceMessage,
    outcomeUnknown: extra.outcomeUnknown ?? false,
  };
  const unknown = details.outcomeUnknown ? outcomeHint(ctx.method) : "";

  if (status === 422) {
    const list = fieldNames.map((f) => `${f}: ${body.fields[f].join(" ")}`).join("; ");
    const message = list
      ? `${head} the service rejected ${list}`
      : `${head} the service rejected the request (422)${said}`;
    return new UptimeValidationError(message, { ...details, fields: body.fields });
  }
  if (status === 404) return new UptimeNotFoundError(`${head} not found (404)${said}`, details);
  if (status === 401) {
    return new UptimeUnauthorizedError(
      `${head} unauthorized (401)${said} Set a valid API key with the option apiKey or the environment variable ${ENV.apiKey}.`,
      details,
    );
  }
  if (status === 403) {
    return new UptimeForbiddenError(
      `${head} forbidden (403)${said} The account's plan may not include API access.`,
      details,
    );
  }
  if (status === 429) {
    const asks =
      extra.retryAfterSeconds !== undefined
        ? `the service asks to wait ${extra.retryAfterSeconds} s`
        : "the account is still rate limited";
    const limit = extra.maxWaitMs !== undefined ? ` (retry.maxRateLimitWaitMs is ${extra.maxWaitMs} ms)` : "";
    const why = extra.waitedMs
      ? ` Gave up after waiting ${(extra.waitedMs / 1000).toFixed(1)} s: ${asks} more${limit}.`
      : ` Not waiting: ${asks}, longer than allowed${limit}.`;
    return new UptimeRateLimitError(`${head} rate limited (429)${said}${why}`, {
      ...details,
      retryAfterSeconds: extra.retryAfterSeconds,
    });
  }
  if (status >= 500) {
    return new UptimeServerError(
      `${head} server error (${status})${said}${attemptsNote(ctx.attempts)}${unknown}`,
      details,
    );
  }
  return new UptimeError(`${head} request failed (${status})${said}${unknown}`, details);
}

/**
 * A copy of a transport error that carries only its name, code and redacted message:
 * undici errors may hold sockets, request options or headers, and so the key.
 */
function sanitizeCause(err: unknown, apiKey: string, more: string[] = []): Error {
  const source = err instanceof Error ? err : new Error(String(err));
  const copy = new Error([apiKey, ...more].reduce((text, secret) => redact(text, secret), source.message));
  copy.name = source.name;
  const code = errorCode(err);
  if (code) (copy as Error & { code?: string }).code = code;
  // The stack of the copy points here; the original's frames are undici internals anyway.
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

/** Builds the error for a request that got no usable response. */
export function errorFromFailure(
  ctx: RequestContext,
  kind: FailureKind,
  err: unknown,
  extra: { outcomeUnknown: boolean; timeoutMs: number },
): UptimeNetworkError {
  const cause = sanitizeCause(err, ctx.apiKey, proxySecrets(ctx.route));
  const code = errorCode(err);
  const at = ctx.origin ? ` ${hostAndPort(ctx.origin)}` : "";
  const diagnosis = ctx.origin && kind !== "timeout" ? diagnose(err, ctx.origin, ctx.route) : undefined;
  if (diagnosis) {
    const tries = ctx.attempts > 1 ? ` Tried ${ctx.attempts} times.` : "";
    const unknown = extra.outcomeUnknown ? outcomeHint(ctx.method) : "";
    const failed = new UptimeNetworkError(
      `${ctx.method} ${ctx.path}: no response: ${diagnosis.what}${tries}${unknown}`,
      {
        method: ctx.method,
        path: ctx.path,
        cause,
        outcomeUnknown: extra.outcomeUnknown,
      },
    );
    failed.via = diagnosis.via;
    return failed;
  }
  const what =
    kind === "timeout"
      ? `timed out (no complete response within ${extra.timeoutMs} ms)`
      : code === "ECONNREFUSED"
        ? `connection refused by${at || " the service"}`
        : code === "UND_ERR_CONNECT_TIMEOUT"
          ? `connect to${at || " the service"} timed out`
          : kind === "not-sent"
            ? `could not connect${at ? ` to${at}` : ""} (${code ?? cause.message})`
            : `connection lost (${code ?? cause.message})`;
  const unknown = extra.outcomeUnknown ? outcomeHint(ctx.method) : "";
  return new UptimeNetworkError(
    `${ctx.method} ${ctx.path}: no response: ${what}${attemptsNote(ctx.attempts)}.${unknown}`,
    {
      method: ctx.method,
      path: ctx.path,
      cause,
      outcomeUnknown: extra.outcomeUnknown,
    },
  );
}
