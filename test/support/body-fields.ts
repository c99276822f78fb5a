/**
 * Field names the fuzz tests build request bodies from: every monitor and incident field
 * the API takes, and keys that would reach an object's prototype if a parser let them.
 */
export const BODY_FIELDS = [
  "name",
  "url",
  "interval",
  "alert_condition",
  "alert_text_lookup",
  "request_method",
  "request_headers",
  "request_auth_username",
  "request_auth_password",
  "cache_buster",
  "ssl_alert_days",
  "domain_alert_days",
  "maintenance_start_at",
  "maintenance_end_at",
  "alerts",
  "pause",
  "monitor_id",
  "started_at",
  "acknowledged_at",
  "ended_at",
  "cause",
  "comment",
  "__proto__",
  "constructor",
];
