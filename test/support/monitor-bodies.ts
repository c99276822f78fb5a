import type { MonitorCreateInput } from "../../src/schemas";

/**
 * A monitor body with every field the API takes set to a non-default value, the values
 * chosen to need encoding in a form body (`&`, `=`, `%`, `+`, spaces). Its maintenance
 * window lies in the future of any test clock, so a monitor made from it is `pending`.
 */
export function everyFieldMonitorBody(name: string): MonitorCreateInput {
  return {
    name,
    url: "https://example.com/health?x=1&y=a%20b",
    interval: 300,
    alert_condition: "url_text",
    alert_text_lookup: "maintenance & more",
    request_method: "POST",
    request_headers: [
      { key: "X-Token", value: "a=b&c" },
      { key: "Accept", value: "text/html" },
    ],
    request_auth_username: "user",
    request_auth_password: "p@ss w0rd+%",
    cache_buster: 1,
    ssl_alert_days: 14,
    domain_alert_days: 30,
    maintenance_start_at: "2031-03-01T10:00:00",
    maintenance_end_at: "2031-03-01T11:30:00",
    alerts: [
      { key: "email", value: "ops@example.com" },
      { key: "slack", value: "https://hooks.slack.com/services/T/B/C" },
      { key: "sms", value: "+4915112345" },
    ],
  };
}
