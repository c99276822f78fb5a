/**
 * The certificate-expiry alert: a monitor with `sslAlertDays` N above 0 alerts when the
 * certificate of its https URL ends within N days. 0 (or none) turns the alert off.
 */

const DAY_MS = 86_400_000;

/** The alert's reason when `sslEndsAt` is within `sslAlertDays` days of `now`; undefined otherwise. */
export function certificateAlert(
  sslEndsAt: number | null,
  sslAlertDays: number | null | undefined,
  now: number,
): string | undefined {
  if (sslEndsAt === null || !sslAlertDays || sslAlertDays <= 0) return undefined;
  const left = sslEndsAt - now;
  if (left > sslAlertDays * DAY_MS) return undefined;
  const end = new Date(sslEndsAt).toISOString().replace(/\.\d{3}Z$/, "Z");
  if (left <= 0) return `the certificate expired at ${end}`;
  const days = Math.floor(left / DAY_MS);
  const when = days === 0 ? "in less than a day" : `in ${days} day${days === 1 ? "" : "s"}`;
  return `the certificate expires ${when} (${end}), within sslAlertDays ${sslAlertDays}`;
}
