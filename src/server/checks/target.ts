/**
 * What a check requests, taken from a stored monitor: URL (with the cache buster),
 * method, headers and Basic auth; and the fingerprint that tells whether the monitor
 * was changed while it was being checked.
 */
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import type { KeyValue, MonitorRecord } from "../store";

/** A check's request and how to judge its answer. */
export interface CheckTarget {
  url: string;
  method: string;
  headers: KeyValue[];
  username: string | null;
  password: string | null;
  cacheBuster: boolean;
  condition: string;
  lookup: string | null;
}

/** Query parameter the cache buster adds, with a random value per check. */
export const CACHE_BUSTER_PARAM = "_";

/** The check target of a stored monitor. */
export function targetOf(m: MonitorRecord): CheckTarget {
  return {
    url: m.url,
    method: m.request_method,
    headers: m.request_headers,
    username: m.request_auth_username,
    password: m.request_auth_password,
    cacheBuster: m.cache_buster === 1,
    condition: m.alert_condition,
    lookup: m.alert_text_lookup,
  };
}

/** A string that changes whenever anything a check depends on changes. */
export function fingerprint(t: CheckTarget): string {
  return JSON.stringify(t);
}

/** The first URL to request: the monitor's, plus a fresh cache-buster parameter when asked. */
export function firstUrl(t: CheckTarget): URL {
  const url = new URL(t.url);
  if (t.cacheBuster) url.searchParams.set(CACHE_BUSTER_PARAM, randomBytes(6).toString("hex"));
  return url;
}

/**
 * Request headers of a check: the monitor's, a User-Agent unless it sets one, and Basic
 * auth. `sameOrigin` false (a redirect to another origin) drops every credential, as the
 * service's HTTP client does.
 */
export function requestHeaders(t: CheckTarget, sameOrigin: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  const drop = (name: string) => {
    for (const k of Object.keys(out)) if (k.toLowerCase() === name) delete out[k];
  };
  for (const { key, value } of t.headers) {
    // Header names are case-insensitive: the last spelling of a name wins.
    drop(key.toLowerCase());
    out[key] = value;
  }
  if (!Object.keys(out).some((k) => k.toLowerCase() === "user-agent")) out["User-Agent"] = "uptime-server-checker";
  if (!sameOrigin) {
    drop("authorization");
    drop("cookie");
  } else if (t.username !== null && t.password !== null) {
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
