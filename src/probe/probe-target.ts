/**
 * What one probe requests: URL (with the cache buster), method, headers and Basic auth,
 * and how its answer is judged. Shared by the local server's checker and
 * `pulumi-uptime test`.
 */
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";

/** A check's request and how to judge its answer. */
export interface ProbeTarget {
  url: string;
  method: string;
  headers: { key: string; value: string }[];
  username: string | null;
  password: string | null;
  cacheBuster: boolean;
  /** `url_unavailable`, `url_text` or `url_no_text`. */
  condition: string;
  lookup: string | null;
}

/** Query parameter the cache buster adds, with a random value per check. */
export const CACHE_BUSTER_PARAM = "_";

/** The first URL to request: the monitor's, plus a fresh cache-buster parameter when asked. */
export function firstUrl(t: ProbeTarget): URL {
  const url = new URL(t.url);
  if (t.cacheBuster) url.searchParams.set(CACHE_BUSTER_PARAM, randomBytes(6).toString("hex"));
  return url;
}

/**
 * Request headers of a check: the monitor's, a User-Agent unless it sets one, and Basic
 * auth. `sameOrigin` false (a redirect to another origin) sends none of the monitor's
 * headers and no Basic auth: header values are credentials as much as the password is
 * (`Authorization`, `X-Api-Key`, ...), and go only to the monitor's own origin.
 */
export function requestHeaders(t: ProbeTarget, sameOrigin: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  const drop = (name: string) => {
    for (const k of Object.keys(out)) if (k.toLowerCase() === name) delete out[k];
  };
  if (sameOrigin) {
    for (const { key, value } of t.headers) {
      // Header names are case-insensitive: the last spelling of a name wins.
      drop(key.toLowerCase());
      out[key] = value;
    }
  }
  if (!Object.keys(out).some((k) => k.toLowerCase() === "user-agent")) out["User-Agent"] = "uptime-server-checker";
  if (sameOrigin && t.username !== null && t.password !== null) {
    drop("authorization");
    out.Authorization = `Basic ${Buffer.from(`${t.username}:${t.password}`).toString("base64")}`;
  }
  return out;
}

/** True for a host on this machine's loopback: 127.0.0.0/8, ::1, localhost. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  if (isIP(h) === 4) return h.startsWith("127.");
  if (isIP(h) === 6) return h === "::1" || h === "0:0:0:0:0:0:0:1" || /^::ffff:127\./.test(h);
  return false;
}
