/** Monitors of HTTPS URLs warn before the certificate expires. */
import { EXPIRY_ALERT_DAYS } from "pulumi-uptime/values";
import { isHttps, type Rule } from "../rule";

export const sslAlertDays: Rule<{ minDays: number }> = {
  name: "uptime-ssl-alert-days",
  description: "A monitor of an https:// URL sets `sslAlertDays` to at least `minDays`.",
  enforcement: "advisory",
  parameters: {
    minDays: { type: "integer", enum: EXPIRY_ALERT_DAYS.filter((d) => d > 0), default: 1 },
  },
  check(monitor, { minDays }) {
    if (!isHttps(monitor.url)) return [];
    const days = monitor.sslAlertDays ?? 0;
    if (days >= minDays) return [];
    return [
      {
        field: "sslAlertDays",
        problem: `is ${days === 0 ? "not set" : days} for an https:// URL; set it to at least ${minDays} day(s)`,
      },
    ];
  },
};
