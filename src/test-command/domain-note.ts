/**
 * The domain-expiry alert (`domainAlertDays`), which `pulumi-uptime test` does not check.
 * The service keeps a domain's registration end (`domain_ends_at`) and alerts within
 * `domain_alert_days` of it; the contract says no more of how it learns that date. It
 * comes from the domain's registry (WHOIS or RDAP): a server per top-level domain, each
 * with its own format and per-address limits, often out of reach of a CI runner (port
 * 43), and the local server's checker does not look either. So a monitor that asks for
 * it is told, in its reason, that this part was not checked here; its outcome is that
 * of the rest of the check.
 */

/** The note for a monitor with `domainAlertDays` above 0; undefined when it has none. */
export function domainNotChecked(domainAlertDays: unknown): string | undefined {
  const days = typeof domainAlertDays === "number" ? domainAlertDays : Number(domainAlertDays);
  if (!Number.isFinite(days) || days <= 0) return undefined;
  return `domain expiry (domainAlertDays ${days}) not checked here: it needs the registry's WHOIS, which the service looks up and this command does not`;
}
