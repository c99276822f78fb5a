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
    // Three channels' alerts, one of them (sms, `+`) needing encoding too.
    alerts: alertPerChannel().filter((a) => ["email", "slack", "sms"].includes(a.key)),
  };
}

/** One valid alert for each channel the service offers, in the order of its documentation. */
export function alertPerChannel(): NonNullable<MonitorCreateInput["alerts"]> {
  return [
    { key: "email", value: "ops@example.com" },
    { key: "webhook", value: "https://hooks.example.com/uptime/T0K3N" },
    { key: "slack", value: "https://hooks.slack.com/services/T000/B000/XXXX" },
    { key: "teams", value: "https://example.webhook.office.com/webhookb2/abc" },
    { key: "discord", value: "https://discord.com/api/webhooks/1/abc" },
    { key: "flock", value: "https://api.flock.com/hooks/sendMessage/abc" },
    { key: "telegram", value: "123456:ABC-DEF 987654" },
    { key: "sms", value: "+15551234567" },
  ];
}

/** The two headers a probe sends: key/value pairs, spelled the same in program and wire notation. */
export function probeHeaders(): { key: string; value: string }[] {
  return [
    { key: "X-Probe", value: "uptime" },
    { key: "Accept", value: "text/plain" },
  ];
}

/** Two alerts of different channels, spelled the same in program and wire notation. */
export function probeAlerts(): { key: string; value: string }[] {
  return [
    { key: "email", value: "ops@example.com" },
    { key: "slack", value: "https://hooks.slack.com/x" },
  ];
}

/**
 * A monitor as a program declares it (program notation), with `patch` over it: a text check
 * with the probe's headers, Basic auth, a maintenance window and two alerts. It leaves out the
 * method, cache buster and certificate/domain alerts, so that setting one is a change.
 */
export function declaredMonitor(patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "API health",
    url: "https://api.example.com/health",
    interval: 60,
    alertCondition: "url_no_text",
    alertTextLookup: "ok",
    requestHeaders: probeHeaders(),
    requestAuthUsername: "probe",
    requestAuthPassword: "hunter2",
    maintenanceStartAt: "2026-03-02T09:00:00",
    maintenanceEndAt: "2026-03-02T10:00:00",
    alerts: probeAlerts(),
    ...patch,
  };
}
