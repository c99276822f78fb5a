/** Shared inputs of the ServiceMonitors plan tests. */
import type { planServiceMonitors } from "../../../src/runtime/service-monitors/plan-children";

/** A ServiceMonitors group as the plan takes it. */
export type GroupInputs = Parameters<typeof planServiceMonitors>[0];

/**
 * A group whose check `own` sets its own interval, paused, headers, method, text and basic
 * auth over the group's, and whose check `group` takes the group's values.
 */
export const LAYERED_GROUP: GroupInputs = {
  service: "shop",
  baseUrl: "https://shop.example.com/",
  interval: 300,
  paused: false,
  requestHeaders: [{ key: "X-Group", value: "g" }],
  alerts: [{ key: "email", value: "ops@example.com" }],
  sslAlertDays: 14,
  checks: {
    own: {
      path: "/health",
      interval: 60,
      paused: true,
      requestHeaders: [{ key: "X-Own", value: "o" }],
      method: "HEAD",
      expectText: "ok",
      basicAuth: { username: "u", password: "p" },
    },
    group: { path: "/", forbidText: "error" },
  },
};
