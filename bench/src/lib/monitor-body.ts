/** The monitors fixture's monitors as the API takes them, for benches that create them without the engine. */

/** The store body the provider sends for monitor i of the monitors fixture. */
export function fixtureMonitorBody(i: number, prefix: string) {
  const intervals = [60, 180, 300, 600, 900] as const;
  return {
    name: `${prefix} ${i}`,
    url: `https://svc-${i}.example.com/health`,
    interval: intervals[i % intervals.length],
    alert_condition: "url_no_text" as const,
    alert_text_lookup: "ok",
    request_method: "GET" as const,
    request_headers: [{ key: "X-Probe", value: "bench" }],
    cache_buster: 0 as const,
    ssl_alert_days: 14 as const,
    domain_alert_days: 0 as const,
    alerts: [{ key: "email" as const, value: `ops+${i}@example.com` }],
  };
}
