/**
 * One HTTP exchange with a Google endpoint (Cloud Storage, a token endpoint, the metadata
 * server), through the proxy the CLI's Go HTTP client would use: HTTPS_PROXY/HTTP_PROXY from
 * the environment unless NO_PROXY lists the host, and never for loopback or localhost.
 */
import { storeRequest, type StoreAnswer, type StoreRequestOptions } from "../store-request";

/** An answer, whole: these are small JSON documents or one checkpoint. */
export type GoogleAnswer = StoreAnswer;

/**
 * Sends the request and reads the whole answer; without `env` (the metadata server: Go's
 * client for it takes no proxy), no proxy. Node's own CAs only.
 * @throws Error naming the host and proxy only when it cannot be reached.
 */
export function googleRequest(url: string, options: Omit<StoreRequestOptions, "ca"> = {}): Promise<GoogleAnswer> {
  return storeRequest(url, options);
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
