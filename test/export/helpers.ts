/** Shared setup of the export tests: a local server seeded with monitors of every kind, and the command run in-process. */
import type { MonitorCreateInput, UptimeClient } from "../../src/client";
import { runExport } from "../../src/cli/export";
import { DEFAULT_API_KEY, type UptimeServer } from "../support/server";
import { serverWithOutsider } from "../support/server-with-outsider";
import { runCaptured, type CommandRun } from "../support/captured-command-run";
import { alertPerChannel } from "../support/monitor-bodies";

const CHANNELS = alertPerChannel();

/** Lines of the TypeScript export of `variedMonitors` that read a password, a header and an alert from secret config. */
export const TS_SECRET_READS = [
  '    requestAuthUsername: "probe",\n    requestAuthPassword: config.requireSecret("adminBasicAuthRequestAuthPassword"),',
  '        { key: "Authorization", value: config.requireSecret("tokenHeaderHeaderAuthorization") },',
  '        { key: "webhook", value: config.requireSecret("apiHealthAlertWebhook") },',
];

/** 30 monitors of varied kinds, including names that slugify alike and one that slugifies to nothing. */
export function variedMonitors(): (MonitorCreateInput & { pause?: boolean })[] {
  const out: (MonitorCreateInput & { pause?: boolean })[] = [
    {
      name: "API health",
      url: "https://api.example.com/health",
      interval: 60,
      alert_condition: "url_no_text",
      alert_text_lookup: "ok",
      alerts: CHANNELS.slice(0, 2),
    },
    { name: "API-health", url: "https://api.example.com/health?x=1", interval: 180 },
    { name: "api health!", url: "https://api.example.com/health?x=2", interval: 300, request_method: "HEAD" },
    {
      name: "Café menu",
      url: "https://cafe.example.com/menu",
      interval: 600,
      alert_condition: "url_text",
      alert_text_lookup: "Sold out",
    },
    { name: "🚀🚀", url: "https://rocket.example.com", interval: 900 },
    {
      name: "Admin (basic auth)",
      url: "https://admin.example.com",
      interval: 60,
      request_auth_username: "probe",
      request_auth_password: "s3cret-admin",
    },
    {
      name: "Billing, basic auth",
      url: "https://billing.example.com/status",
      interval: 300,
      request_auth_username: "billing-probe",
      request_auth_password: "s3cret-billing",
      request_headers: [{ key: "X-Probe", value: "uptime" }],
    },
    {
      name: "Token header",
      url: "https://token.example.com",
      interval: 60,
      request_headers: [
        { key: "Authorization", value: "Bearer abc.def" },
        { key: "Accept", value: "application/json" },
      ],
    },
    {
      name: "Certs and domain",
      url: "https://certs.example.com",
      interval: 3600,
      ssl_alert_days: 14,
      domain_alert_days: 30,
    },
    {
      name: "Nightly maintenance",
      url: "https://batch.example.com",
      interval: 1800,
      maintenance_start_at: "2030-01-05T02:00:00",
      maintenance_end_at: "2030-01-05T04:00:00",
    },
    { name: "All channels", url: "https://all.example.com", interval: 300, alerts: CHANNELS },
    {
      name: "POST probe",
      url: "https://post.example.com/ping",
      interval: 600,
      request_method: "POST",
      cache_buster: 1,
    },
    { name: "Paused one", url: "https://paused.example.com", interval: 60, pause: true },
    { name: 'Quotes "and" \\ backslashes', url: "https://quotes.example.com", interval: 60 },
  ];
  for (let i = out.length; i < 30; i++) {
    out.push({
      name: `Service ${i}`,
      url: `https://svc${i}.example.com/health`,
      interval: 300,
      alerts: [{ key: "email", value: `team${i}@example.com` }],
    });
  }
  return out;
}

/** Creates the monitors through the client, in order (ids ascending), pausing those marked. */
export async function seed(
  client: UptimeClient,
  monitors: (MonitorCreateInput & { pause?: boolean })[],
): Promise<void> {
  for (const { pause, ...m } of monitors) {
    const created = await client.monitors.create(m);
    if (pause) await client.monitors.update(created.id, { pause: true });
  }
}

/** A server seeded with `monitors`, and the client that seeded it. */
export async function seededServer(
  monitors = variedMonitors(),
): Promise<{ server: UptimeServer; client: UptimeClient; close(): Promise<void> }> {
  const { server, outside: client, close } = await serverWithOutsider();
  await seed(client, monitors);
  return { server, client, close };
}

/** What one run of the command wrote. */
export type RunResult = CommandRun;

/** Runs `pulumi-uptime export` in-process against `server`, with stderr a terminal or not. */
export async function exportFrom(
  server: UptimeServer,
  args: string[],
  options: { tty?: boolean; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<RunResult> {
  return runCaptured(runExport, args, {
    env: options.env ?? { UPTIME_BASE_URL: server.url, UPTIME_API_KEY: DEFAULT_API_KEY },
    cwd: options.cwd || undefined,
    tty: options.tty,
  });
}
