/** Monitors as the policy pack's rules see them: one that every rule accepts, and variations of it. */
import type { MonitorView } from "../../policy/src/monitor-view";

/** A monitor that meets every rule at its default parameters (and a `team-` name pattern). */
export function compliantMonitor(overrides: Partial<MonitorView> = {}): MonitorView {
  return {
    resource: "checkout",
    type: "uptime:index:Monitor",
    name: "team-checkout",
    url: "https://shop.example.com/health",
    interval: 60,
    sslAlertDays: 14,
    alertChannels: ["slack", "email"],
    requestHeaders: [{ key: "Authorization", secret: true }],
    ...overrides,
  };
}
