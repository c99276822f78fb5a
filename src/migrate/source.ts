/**
 * What the readers of the three sources hand to the mapping: each vendor's monitors in one
 * vendor-neutral shape, with where each came from, and the other things the input holds
 * (maintenance windows, status pages, policies) that the report lists.
 */

/** The sources `pulumi-uptime migrate --from` reads. */
export const SOURCES = ["terraform-state", "uptimerobot-csv", "kuma-backup"] as const;
export type SourceName = (typeof SOURCES)[number];

/** An alert contact of the source, as the vendor names it. */
export interface SourceContact {
  /** The vendor's kind, e.g. `slack`, `pagerduty`, `smtp`. */
  kind: string;
  /** Its name at the vendor, for the report. */
  name: string;
  /** The value (address, URL, "BOT_TOKEN CHAT_ID"), when the input holds it: never printed. */
  value?: string;
}

/** One monitor of the input, vendor-neutral. */
export interface SourceMonitor {
  /** Where it is in the input: a JSON path, or `line N` of a CSV file. */
  ref: string;
  /** The vendor: UptimeRobot, Better Stack or Uptime Kuma. */
  vendor: string;
  /** The vendor's kind of monitor, lower case (`http`, `keyword`, `ping`, `port`, ...). */
  kind: string;
  /** True when the kind checks an HTTP(S) URL (with or without a keyword). */
  http: boolean;
  name: string;
  url?: string;
  /** Check interval in seconds, the vendor's default filled in when the input has none. */
  intervalSeconds: number;
  /** A keyword check: alert when the text is present, or when it is absent. */
  keyword?: { text: string; alertWhen: "present" | "absent" };
  method?: string;
  headers?: { key: string; value: string }[];
  /** Authentication of the check request; `scheme` as the vendor names it (basic, digest, ntlm, bearer). */
  auth?: { scheme: string; username: string; password?: string };
  paused: boolean;
  /** Certificate expiry reminder, in days before expiry; undefined when off. */
  sslExpiryDays?: { days: number; why?: string };
  /** Domain expiry reminder, in days before expiry; undefined when off. */
  domainExpiryDays?: { days: number; why?: string };
  contacts: SourceContact[];
  /** Why it cannot be mapped although it checks a URL (e.g. Kuma's upside-down mode). */
  blocker?: string;
  /**
   * What the monitor sets that changes what its check does here, or that the reader does
   * not know: one report line each, naming the vendor's setting and its value.
   */
  dropped: string[];
}

/** Something else the input holds that the service has no resource for. */
export interface SourceOther {
  ref: string;
  vendor: string;
  /** e.g. `maintenance window`, `status page`, `escalation policy`. */
  kind: string;
  name: string;
  why: string;
}

/** What a reader returns. */
export interface SourceRead {
  monitors: SourceMonitor[];
  others: SourceOther[];
}

/**
 * An input that cannot be read: exit 2. The message names the file, the line or JSON path,
 * and what was expected there; it never quotes a value (the input holds secrets).
 */
export class MigrateInputError extends Error {
  constructor(
    readonly file: string,
    readonly where: string,
    readonly expected: string,
  ) {
    super(`${file}${where ? `: ${where}` : ""}: ${expected}`);
    this.name = "MigrateInputError";
  }
}

/** A JSON text parsed, or a MigrateInputError naming the line and column where it breaks. */
export function parseJsonFile(text: string, file: string, expected: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const message = (err as Error).message;
    const at = /position (\d+)/.exec(message);
    const offset = at ? Number(at[1]) : text.length;
    const before = text.slice(0, offset).split("\n");
    const where = `line ${before.length}, column ${before[before.length - 1].length + 1}`;
    // Past the last non-blank character: the text stops mid-value.
    const truncated = offset >= text.trimEnd().length || /end of JSON input|Unterminated/i.test(message);
    const what = truncated ? "the JSON ends early (truncated?)" : "invalid JSON";
    throw new MigrateInputError(file, where, `${what}; expected ${expected}`);
  }
}

/** True for a plain JSON object. */
export function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

/** `v` as a string when it is a non-empty string or a number, else undefined. */
export function str(v: unknown): string | undefined {
  if (typeof v === "number") return String(v);
  return typeof v === "string" && v !== "" ? v : undefined;
}

/** `v` as a number when it is a finite number or a numeric string, else undefined. */
export function num(v: unknown): number | undefined {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : undefined;
}

/** `v` as a boolean: true, 1, "1", "true" are true. */
export function bool(v: unknown): boolean {
  return v === true || v === 1 || v === "1" || v === "true";
}
