/**
 * Azure Storage's Shared Key authorization for the Blob service (versions 2009-09-19 and
 * later): an HMAC-SHA256, under the account key, of the request's method, its standard
 * headers in a fixed order, its `x-ms-*` headers and the resource it names.
 */
import { createHmac } from "node:crypto";

/** The standard headers signed, in the order the string to sign lists them. */
const SIGNED_HEADERS = [
  "content-encoding",
  "content-language",
  "content-length",
  "content-md5",
  "content-type",
  "date",
  "if-modified-since",
  "if-match",
  "if-none-match",
  "if-unmodified-since",
  "range",
];

/**
 * The string an account key signs for a request to `url` (a URL object: its path as sent,
 * percent-encoded) with `headers` (any case).
 */
export function sharedKeyStringToSign(
  method: string,
  url: URL,
  headers: Record<string, string>,
  account: string,
): string {
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const standard = SIGNED_HEADERS.map((name) => {
    const value = lower.get(name) ?? "";
    // A zero length is signed as empty (versions 2015-02-21 and later).
    return name === "content-length" && value === "0" ? "" : value;
  });
  const msHeaders = [...lower.entries()]
    .filter(([name]) => name.startsWith("x-ms-"))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}:${value.replace(/\s+/g, " ").trim()}\n`)
    .join("");
  return [method.toUpperCase(), ...standard].join("\n") + "\n" + msHeaders + canonicalResource(url, account);
}

/**
 * `/<account><path>` then each query parameter, names lower-cased and sorted, values
 * decoded, sorted and joined with commas, one `\n<name>:<values>` each.
 */
function canonicalResource(url: URL, account: string): string {
  const values = new Map<string, string[]>();
  for (const [name, value] of url.searchParams) {
    const key = name.toLowerCase();
    values.set(key, [...(values.get(key) ?? []), value]);
  }
  const query = [...values.keys()]
    .sort()
    .map((name) => `\n${name}:${values.get(name)!.sort().join(",")}`)
    .join("");
  return `/${account}${url.pathname || "/"}${query}`;
}

/** The `Authorization` header's value: `SharedKey <account>:<base64 signature>`. */
export function sharedKeyAuthorization(stringToSign: string, account: string, key: Buffer): string {
  const signature = createHmac("sha256", key).update(stringToSign, "utf8").digest("base64");
  return `SharedKey ${account}:${signature}`;
}
