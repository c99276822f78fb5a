/**
 * Reading the incidents a report needs, and no more. The list is read sorted by `ended_at`,
 * descending: the service puts incidents not yet ended first, then the latest ended. An
 * incident overlaps the period only if it is open or ended after the period's start, so the
 * incidents a report needs are a prefix of that order, and a walk stops with the page that
 * reaches an incident ended before the start (sorted by `started_at`, an incident that began
 * before the period and lasted into it would lie anywhere past the start).
 *
 * Two ways to walk it: per monitor (`monitor_id`, one walk each, side by side) or once for
 * the whole account. Per monitor costs at least a request per monitor; the account's walk
 * costs the pages of every monitor's incidents in the period. The first page of the account's
 * walk says which is cheaper: if it reaches the period's start, it is the whole answer;
 * otherwise the span of `ended_at` it covers, spread over the period, estimates the pages to
 * come, and the walk goes on only when that is fewer than the selection's monitors.
 * docs/performance.md says the same for users.
 */
import type { UptimeClient } from "../client/client";
import type { Incident, IncidentListQuery, Page } from "../schemas";
import { localDateTimeToEpoch } from "../util/time";
import type { IncidentTimes } from "./figures";
import type { Period } from "./period";

/** How the incidents were read, and what each way cost or would have. */
interface ReadStats {
  strategy: "per-monitor" | "account";
  /** List requests sent. */
  requests: number;
  /** The requests the account's walk took, or was estimated to take. */
  accountRequests: number;
  /** The requests the per-monitor walks took, or (at least) would have: one per monitor. */
  perMonitorRequests: number;
}

/** The incidents of each monitor of `ids` that may overlap the period, and how they were read. */
interface IncidentRead {
  byMonitor: Map<number, IncidentTimes[]>;
  stats: ReadStats;
}

const NEWEST_END_FIRST = { sort_by: "ended_at", sort: "desc", per_page: 100 } as const satisfies IncidentListQuery;

/** Of a page sorted by end, whether it reaches an incident that ended before `fromMs` (the walk's last page). */
function reachesStart(page: Page<Incident>, fromMs: number, zone: string): boolean {
  const last = page.data[page.data.length - 1];
  return !page.hasNext || !last || (last.ended_at !== null && localDateTimeToEpoch(last.ended_at, zone) < fromMs);
}

function timesOf(i: Incident, zone: string): IncidentTimes {
  const at = (v: string | null) => (v ? localDateTimeToEpoch(v, zone) : undefined);
  return { startMs: at(i.started_at)!, ackMs: at(i.acknowledged_at), endMs: at(i.ended_at) };
}

/**
 * The incidents of the monitors `ids` that may overlap `period`, read the cheaper way;
 * `onPage` is told of each page read (for a progress line); `nowMs` is the clock.
 */
export async function readIncidents(
  client: UptimeClient,
  ids: readonly number[],
  period: Period,
  nowMs: number,
  onPage: () => void = () => undefined,
): Promise<IncidentRead> {
  const zone = client.timeZone;
  const byMonitor = new Map<number, IncidentTimes[]>(ids.map((id) => [id, []]));
  // An incident opened while the pages are read pushes the others one place on: one may
  // come back on the next page too, and counts once.
  const seen = new Set<number>();
  const keep = (page: Page<Incident>) => {
    onPage();
    for (const i of page.data)
      if (!seen.has(i.id) && seen.add(i.id)) byMonitor.get(i.monitor_id)?.push(timesOf(i, zone));
  };
  const stats: ReadStats = { strategy: "account", requests: 0, accountRequests: 0, perMonitorRequests: ids.length };
  if (ids.length === 0) return { byMonitor, stats };
  const list = (query: IncidentListQuery) => {
    stats.requests++;
    return client.incidents.list(query);
  };
  if (ids.length > 1) {
    const first = await list({ ...NEWEST_END_FIRST, page: 1 });
    const estimate = pagesToStart(first, period.fromMs, nowMs, zone);
    stats.accountRequests = estimate;
    if (estimate < ids.length) {
      keep(first);
      if (!reachesStart(first, period.fromMs, zone)) await walkAccount(list, first, period.fromMs, nowMs, zone, keep);
      stats.accountRequests = stats.requests;
      return { byMonitor, stats };
    }
  } else {
    stats.accountRequests = 1;
  }
  stats.strategy = "per-monitor";
  const before = stats.requests;
  await Promise.all(
    ids.map(async (id) => {
      for (let page = 1; ; page++) {
        const p = await list({ ...NEWEST_END_FIRST, monitor_id: String(id), page });
        keep(p);
        if (reachesStart(p, period.fromMs, zone)) return;
      }
    }),
  );
  stats.perMonitorRequests = stats.requests - before;
  return { byMonitor, stats };
}

/** The ended_at of the last incident of `page` (an open one: now), epoch ms. */
function lastEnd(page: Page<Incident>, nowMs: number, zone: string): number {
  const last = page.data[page.data.length - 1];
  return last?.ended_at ? localDateTimeToEpoch(last.ended_at, zone) : nowMs;
}

/** The account's walk's pages in all, estimated from its first page (exact when it reaches the start). */
function pagesToStart(first: Page<Incident>, fromMs: number, nowMs: number, zone: string): number {
  if (reachesStart(first, fromMs, zone)) return 1;
  const covered = nowMs - lastEnd(first, nowMs, zone);
  if (covered <= 0) return first.lastPage;
  return Math.min(first.lastPage, Math.ceil((nowMs - fromMs) / covered));
}

/**
 * The account's walk after its first page: the pages the density read so far says still lie
 * after the start, a few under that estimate, asked for side by side (the client bounds how
 * many are in flight), then again from the last, until a page reaches the start. A page is
 * never asked for before the one before it is known not to reach the start, except within
 * such a batch, which the estimate keeps short of the start.
 */
async function walkAccount(
  list: (q: IncidentListQuery) => Promise<Page<Incident>>,
  first: Page<Incident>,
  fromMs: number,
  nowMs: number,
  zone: string,
  keep: (p: Page<Incident>) => void,
): Promise<void> {
  let read = 1;
  let last = first;
  for (;;) {
    const end = lastEnd(last, nowMs, zone);
    const perPage = (nowMs - end) / read;
    const ahead = perPage > 0 ? Math.floor((0.8 * (end - fromMs)) / perPage) : 0;
    const count = Math.max(1, Math.min(ahead, first.lastPage - read));
    const pages = await Promise.all(
      Array.from({ length: count }, (_, i) => list({ ...NEWEST_END_FIRST, page: read + 1 + i })),
    );
    read += count;
    let done = false;
    for (const p of pages) {
      if (done) continue;
      keep(p);
      done = reachesStart(p, fromMs, zone);
    }
    last = pages[pages.length - 1];
    if (done) return;
  }
}
