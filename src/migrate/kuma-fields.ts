/** What Uptime Kuma's Terraform resources and its backup file share: headers as JSON text, and settings with no equivalent. */
import { isObject } from "./source";

/** Request headers from Kuma's `headers`, a JSON object in a string; `unreadable` when it is text but not that. */
export function kumaHeaders(text: unknown): { headers: { key: string; value: string }[]; unreadable: boolean } {
  if (typeof text !== "string" || text.trim() === "") return { headers: [], unreadable: false };
  try {
    const parsed = JSON.parse(text) as unknown;
    if (isObject(parsed))
      return {
        headers: Object.entries(parsed).map(([key, value]) => ({ key, value: String(value) })),
        unreadable: false,
      };
  } catch {
    // reported below
  }
  return { headers: [], unreadable: true };
}

/** Kuma settings a monitor sets that the service has no equivalent for, for the report. */
export function kumaExtras(m: {
  unreadableHeaders: boolean;
  acceptedStatusCodes: unknown;
  body?: string;
  ignoreTls: boolean;
  maxRetries?: number;
}): string[] {
  const out: string[] = [];
  if (m.unreadableHeaders) out.push("request headers (not a JSON object)");
  const codes = Array.isArray(m.acceptedStatusCodes) ? m.acceptedStatusCodes.map(String) : [];
  if (codes.length && !(codes.length === 1 && codes[0] === "200-299")) out.push("accepted status codes");
  if (m.body) out.push("request body");
  if (m.ignoreTls) out.push("ignore TLS errors");
  if (m.maxRetries) out.push("retries before alerting");
  return out;
}

/** Why a Kuma monitor in upside-down mode is not mapped. */
export const UPSIDE_DOWN = "upside-down mode alerts when the URL answers; the service has no such condition";

/** Why Kuma maintenance is not carried. */
export const KUMA_MAINTENANCE =
  "Kuma maintenance (recurring or manual) has no equivalent: a monitor here has one dated window";
