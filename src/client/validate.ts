/**
 * Input checks before any request: the zod schemas of `src/schemas` are the single
 * source of what may be sent, so a mistake is reported with every field at once and
 * without a round trip (and without spending the account's rate limit).
 */
import type { z } from "zod";
import { UptimeInputError } from "./errors";
import { formatFieldPath } from "./error-map";

/**
 * Parses `input` with `schema`; returns the parsed value (unknown keys dropped).
 * @throws UptimeInputError with messages per field path such as `alerts[0].value`.
 */
export function validateInput<S extends z.ZodType>(schema: S, input: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = formatFieldPath(issue.path) || "(input)";
    (fields[key] ??= []).push(issue.message);
  }
  const list = Object.entries(fields)
    .map(([k, msgs]) => `${k}: ${msgs.join("; ")}`)
    .join("; ");
  throw new UptimeInputError(`invalid ${what}: ${list}`, fields);
}
