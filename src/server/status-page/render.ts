/**
 * The status page's HTML: one account's monitors (status, last check, response time,
 * what the check saw) and its ongoing and recent incidents. Every value from storage is
 * escaped; nothing secret is shown (no header values, passwords, alert channels, and no
 * user:password part of a URL). A small script refreshes the page's content in place.
 */
import { formatLocalDateTime } from "../../util/time";
import { monitorStatus } from "../present";
import type { IncidentRecord, MonitorRecord } from "../store";

/** What one page shows. */
interface StatusPageData {
  /** Account name, for the heading. */
  account: string;
  /** IANA zone the times are shown in. */
  timeZone: string;
  monitors: MonitorRecord[];
  /** Monitors beyond those shown. */
  moreMonitors: number;
  /** The latest incidents, newest first: shown as ongoing and recently resolved. */
  incidents: IncidentRecord[];
  now: number;
  /** Seconds between refreshes. */
  refreshSeconds: number;
  /** Nonce of the inline script and style (Content-Security-Policy). */
  nonce: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe in HTML content and attribute values. */
function escapeHtml(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** The URL as shown: without any `user:password@`. */
function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = "";
    u.password = "";
    return u.toString();
  } catch {
    return url.replace(/\/\/[^/@]*@/, "//");
  }
}

function when(ms: number | null, timeZone: string): string {
  return ms === null ? "never" : `${formatLocalDateTime(ms, timeZone).replace("T", " ")}`;
}

function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

function monitorRow(m: MonitorRecord, d: StatusPageData): string {
  const status = monitorStatus(m, d.now);
  return `<tr data-monitor-id="${m.id}">
<td class="name">${escapeHtml(m.name)}<div class="url">${escapeHtml(`${m.request_method} ${displayUrl(m.url)}`)}</div></td>
<td><span class="status status-${escapeHtml(status)}">${escapeHtml(status)}</span></td>
<td>${escapeHtml(when(m.checked_at, d.timeZone))}</td>
<td class="num">${m.response_time === null ? "-" : `${m.response_time} ms`}</td>
<td>${escapeHtml(m.check_result ?? "-")}</td>
<td class="num">every ${m.interval} s</td>
</tr>`;
}

function incidentRow(i: IncidentRecord, names: Map<number, string>, d: StatusPageData): string {
  const state = i.ended_at !== null ? "resolved" : i.acknowledged_at !== null ? "acknowledged" : "unresolved";
  const lasted = (i.ended_at ?? d.now) - i.started_at;
  return `<tr data-incident-id="${i.id}">
<td>${escapeHtml(names.get(i.monitor_id) ?? `monitor ${i.monitor_id}`)}</td>
<td><span class="status incident-${state}">${state}</span></td>
<td>${escapeHtml(when(i.started_at, d.timeZone))}</td>
<td>${i.ended_at === null ? "ongoing" : escapeHtml(when(i.ended_at, d.timeZone))}</td>
<td class="num">${escapeHtml(duration(lasted))}</td>
<td>${escapeHtml(i.cause ?? "")}</td>
</tr>`;
}

/** The part of the page that refreshes. */
function renderContent(d: StatusPageData): string {
  const names = new Map(d.monitors.map((m) => [m.id, m.name]));
  const ongoing = d.incidents.filter((i) => i.ended_at === null);
  const resolved = d.incidents.filter((i) => i.ended_at !== null);
  const counts = new Map<string, number>();
  for (const m of d.monitors) counts.set(monitorStatus(m, d.now), (counts.get(monitorStatus(m, d.now)) ?? 0) + 1);
  const summary =
    [...counts]
      .sort()
      .map(([s, n]) => `${n} ${escapeHtml(s)}`)
      .join(" · ") || "no monitors";
  const incidentHead =
    "<tr><th>Monitor</th><th>Status</th><th>Started</th><th>Ended</th><th>Lasted</th><th>Cause</th></tr>";
  const incidentTable = (id: string, emptyId: string, incidents: typeof d.incidents) =>
    incidents.length === 0
      ? `<p class="empty" id="${emptyId}">None.</p>`
      : `<table id="${id}"><thead>${incidentHead}</thead><tbody>
${incidents.map((i) => incidentRow(i, names, d)).join("\n")}
</tbody></table>`;
  return `<p class="summary" id="summary">${summary}</p>
<h2>Monitors</h2>
${
  d.monitors.length === 0
    ? '<p class="empty">No monitors yet.</p>'
    : `<table id="monitors">
<thead><tr><th>Monitor</th><th>Status</th><th>Last check</th><th>Response</th><th>Result</th><th>Interval</th></tr></thead>
<tbody>
${d.monitors.map((m) => monitorRow(m, d)).join("\n")}
</tbody></table>`
}
${d.moreMonitors > 0 ? `<p class="more">and ${d.moreMonitors} more monitors (use the API to see them all)</p>` : ""}
<h2>Ongoing incidents</h2>
${incidentTable("ongoing", "no-ongoing", ongoing)}
<h2>Recently resolved</h2>
${incidentTable("incidents", "no-resolved", resolved)}
<p class="updated" id="updated">Updated ${escapeHtml(when(d.now, d.timeZone))} (${escapeHtml(d.timeZone)}); refreshes every ${d.refreshSeconds} s.</p>`;
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1d232a; }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; } h2 { font-size: 1.1rem; margin: 1.75rem 0 .5rem; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #e3e6ea; vertical-align: top; }
th { font-weight: 600; color: #56606b; font-size: .85rem; } td.num { white-space: nowrap; }
.url { color: #6b7480; font-size: .8rem; word-break: break-all; } .summary, .updated, .empty, .more { color: #56606b; }
.status { display: inline-block; padding: .05rem .5rem; border-radius: 1rem; font-size: .8rem; font-weight: 600; background: #eef0f3; }
.status-online, .incident-resolved { background: #dcf5e3; color: #17692f; } .status-offline, .incident-unresolved { background: #fde2e1; color: #a1231c; }
.status-paused, .status-pending { background: #eef0f3; color: #48525c; } .status-maintenance, .incident-acknowledged { background: #fff1d6; color: #8a5a00; }`;

/** The script that refreshes the content: the page is fetched again (the browser resends the credentials) and its <main> swapped in. */
function script(refreshSeconds: number): string {
  return `(() => {
  const every = ${refreshSeconds} * 1000;
  async function refresh() {
    try {
      const res = await fetch(location.href, { headers: { Accept: "text/html" }, cache: "no-store" });
      if (res.status === 401) { document.getElementById("updated").textContent = "Signed out: reload the page to sign in again."; return; }
      if (res.ok) {
        const doc = new DOMParser().parseFromString(await res.text(), "text/html");
        const next = doc.querySelector("main");
        if (next) document.querySelector("main").replaceChildren(...next.childNodes);
      }
    } catch (err) {
      // The server may be restarting: try again at the next turn.
    }
    setTimeout(refresh, every);
  }
  setTimeout(refresh, every);
})();`;
}

/** The whole page. */
export function renderStatusPage(d: StatusPageData): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Uptime status: ${escapeHtml(d.account)}</title>
<style nonce="${d.nonce}">${STYLE}</style>
</head>
<body>
<header><h1>Uptime status</h1><div class="summary">Account ${escapeHtml(d.account)}</div></header>
<main>
${renderContent(d)}
</main>
<noscript><p>Reload the page to see new checks.</p></noscript>
<script nonce="${d.nonce}">${script(d.refreshSeconds)}</script>
</body>
</html>
`;
}

/** The page asking for the key. */
export function renderSignIn(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Uptime status: sign in</title></head>
<body><h1>Uptime status</h1><p>Sign in with any user name and your API key as the password.</p></body></html>
`;
}
