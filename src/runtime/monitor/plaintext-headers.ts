/**
 * Which request headers a program sent with a plain-string value, read from the engine's
 * wire form (secret envelopes still in place): the names only, for PLAINTEXT_HEADERS_KEY.
 * A list, an entry or a value sent as a secret counts as secret; an unknown value (preview)
 * is not judged.
 */
import { isSecretEnvelope } from "../secret-envelope";
import { isUnknown } from "../unknowns";

/** The names of the headers in `wireHeaders` (a `requestHeaders` value as sent) whose value is a plain string. */
export function plaintextHeaderNames(wireHeaders: unknown): string[] {
  if (!Array.isArray(wireHeaders)) return [];
  const names: string[] = [];
  for (const entry of wireHeaders) {
    if (typeof entry !== "object" || entry === null || isSecretEnvelope(entry)) continue;
    const { key, value } = entry as { key?: unknown; value?: unknown };
    if (typeof key === "string" && !isUnknown(key) && typeof value === "string" && !isUnknown(value)) names.push(key);
  }
  return names;
}
