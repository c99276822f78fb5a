/** One HTTP exchange with a Google endpoint (Cloud Storage, a token endpoint), through undici. */
import type { Dispatcher } from "undici";

/** An answer, whole: these are small JSON documents or one checkpoint. */
export interface GoogleAnswer {
  status: number;
  body: Buffer;
}

// Long enough for a large checkpoint on a slow link; short enough that a silent host ends the audit.
const TIMEOUT_MS = 60_000;

/*
 * undici's index loads everything it offers (fetch, WebSocket, caches...); only a gs://
 * backend needs `request`, so it is loaded on first use.
 */
type RequestFn = (url: string, options: Partial<Dispatcher.RequestOptions>) => Promise<Dispatcher.ResponseData>;
let request: RequestFn | undefined;

/**
 * Sends the request and reads the whole answer.
 * @throws Error with a message that names the host only (never the query or headers) when it cannot be reached.
 */
export async function googleRequest(
  url: string,
  options: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<GoogleAnswer> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, see above
  request ??= (require("undici") as typeof import("undici")).request as RequestFn;
  try {
    const res = await request(url, {
      method: options.method ?? "GET",
      headers: options.headers,
      body: options.body,
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      // Connecting included: an address nothing answers on stays silent until then.
      signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
    });
    return { status: res.statusCode, body: Buffer.from(await res.body.arrayBuffer()) };
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
    const code = e.name === "TimeoutError" ? "no answer in time" : (e.code ?? e.cause?.code ?? e.name);
    throw new Error(`could not reach ${new URL(url).host} (${code})`, { cause: err });
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
