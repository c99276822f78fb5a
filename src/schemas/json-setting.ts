/**
 * A setting that takes an object may be given as one (an explicit provider) or as JSON text
 * (stack config and environment variables hold only text). Both the schema that checks such a
 * setting and the runtime that shows it read it here, so they never disagree on what it holds.
 */

/** What text that is not JSON reads as: a marker that never repeats the text (it may hold secrets). */
export const NOT_JSON = Symbol("not JSON");

/** The setting as a value: JSON text parsed, text that is not JSON as NOT_JSON, any other value as given. */
export function readJsonSetting(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return NOT_JSON;
  }
}
