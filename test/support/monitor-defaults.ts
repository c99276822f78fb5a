/**
 * A monitor's optional fields as the service holds them when none was given (its documented
 * defaults): what a store with only name, url and interval answers, what clearing every
 * optional field leaves, and the base of a monitor body a test serves or stores.
 */
export function monitorDefaults() {
  return {
    alert_condition: "url_unavailable",
    alert_text_lookup: null,
    request_method: "GET",
    request_headers: [] as { key: string; value: string }[],
    request_auth_username: null,
    cache_buster: 0,
    ssl_alert_days: 0,
    domain_alert_days: 0,
    maintenance_start_at: null,
    maintenance_end_at: null,
    alerts: [] as { key: string; value: string }[],
  } as const satisfies Record<string, unknown>;
}

/** The same defaults as a program's inputs read after the provider's check fills them in. */
export function checkedMonitorDefaults() {
  return {
    alertCondition: "url_unavailable",
    requestMethod: "GET",
    cacheBuster: 0,
    sslAlertDays: 0,
    domainAlertDays: 0,
    requestHeaders: [] as { key: string; value: string }[],
    alerts: [] as { key: string; value: string }[],
  };
}
