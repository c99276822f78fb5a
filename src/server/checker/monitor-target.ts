/**
 * The check target of a stored monitor, and the fingerprint that tells whether the
 * monitor was changed while it was being checked. The check itself is src/probe.
 */
import type { ProbeTarget } from "../../probe/probe-target";
import type { MonitorRecord } from "../store";

/** The check target of a stored monitor. */
export function targetOf(m: MonitorRecord): ProbeTarget {
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
export function fingerprint(t: ProbeTarget): string {
  return JSON.stringify(t);
}
