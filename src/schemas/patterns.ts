/**
 * The service's string rules as JSON Schema `pattern`s, for the OpenAPI description
 * (docs/openapi.json) and whoever generates requests from it. The schemas check values
 * with code (`isHttpUrl`, `isLocalDateTime`); these patterns say the same in a form other
 * tools read. Every string a pattern matches passes the code's check (a test proves it);
 * the URL pattern is narrower than the service's rule (it leaves out what a pattern cannot
 * judge, such as numeric hosts), so a URL it refuses may still be accepted.
 *
 * They are written for both regex dialects that read them, ECMA-262 (JSON Schema) and
 * Python's `re` (Schemathesis): ASCII classes (`[0-9]`, not `\d`, which in Python also
 * matches other scripts' digits), no lookbehind, no named groups.
 */

/** Some character that is not whitespace: the service's "required" refuses blank strings. */
export const NOT_BLANK_PATTERN = "\\S";

const MONTH_DAY =
  "(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))";
/** Leap years from 1000 to 9999: divisible by 4 and not by 100, or by 400. */
const LEAP_YEAR = "(?:[1-9][0-9](?:0[48]|[2468][048]|[13579][26])|(?:[13579][26]|[2468][048])00)";
const TIME = "(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]";

/**
 * `Y-m-dTH:i:s` naming a real calendar time from year 1000 on (February 29th in leap years
 * only). The service also takes years 100 to 999, which no one means.
 */
export const LOCAL_DATE_TIME_PATTERN = `^(?:[1-9][0-9]{3}-${MONTH_DAY}|${LEAP_YEAR}-02-29)T${TIME}$`;

/** {@link LOCAL_DATE_TIME_PATTERN}, or empty for "not set". */
export const OPTIONAL_LOCAL_DATE_TIME_PATTERN = `^$|${LOCAL_DATE_TIME_PATTERN}`;

/** Characters a URL's host may hold (WHATWG URL: every printable ASCII but the forbidden ones). */
const HOST_CHAR = "[A-Za-z0-9!\"$&'()*+,;=_`{}~-]";
/** A host character that cannot be part of a number, so the host is never read as an IPv4 address. */
const HOST_NON_NUMERIC = "[G-WYZg-wyz!\"$&'()*+,;=_`{}~-]";
const IPV4_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])";
const PORT = "(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])";

/**
 * An http(s) URL as the service's rule takes it, as nearly as a pattern can say: the
 * scheme in any case, optional user info, a host (a name with a non-numeric last label,
 * or an IPv4 address), an optional port up to 65535, then anything without whitespace.
 * Left out, and still accepted by the service: IPv6 hosts, IPv4 in short or numeric form
 * (`1.2.3`), non-ASCII and percent-encoded host names.
 */
export const HTTP_URL_PATTERN =
  `^[Hh][Tt][Tt][Pp][Ss]?://(?:[^\\s/?#@\\\\]*@)?` +
  `(?:(?:${HOST_CHAR}*\\.)*${HOST_CHAR}*${HOST_NON_NUMERIC}${HOST_CHAR}*\\.?|(?:${IPV4_OCTET}\\.){3}${IPV4_OCTET})` +
  `(?::${PORT}?)?(?:[/?#\\\\]\\S*)?$`;

/** An email address as the service's rule takes it: local part, "@", dot-separated host labels. */
export const EMAIL_PATTERN =
  '^[^\\s@<>()\\[\\]\\\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$';

/** A phone number for `sms`: digits, optionally after a `+`. */
export const PHONE_PATTERN = "^\\+?[0-9]+$";

/** `telegram`: "BOT_TOKEN CHAT_ID", two words separated by whitespace. */
export const TELEGRAM_PATTERN = "^\\s*\\S+\\s+\\S+\\s*$";
