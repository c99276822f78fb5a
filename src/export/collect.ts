/** Reads every monitor of the account, page by page, oldest first. */
import type { UptimeClient } from "../client/client";
import type { Incident, Monitor } from "../schemas";
import type { PER_PAGE_VALUES } from "../schemas/values";

/** Progress after each page. */
export interface CollectProgress {
  /** Page just read, from 1. */
  page: number;
  /** Last page as the service reported it. */
  lastPage: number;
  /** Monitors read so far. */
  count: number;
  /** Monitors in the account as the service reported it. */
  total: number;
}

/** Options of {@link collectMonitors}. */
interface CollectOptions {
  /** Page size: 10, 25, 50 or 100. Default 100 (fewest requests). */
  perPage?: (typeof PER_PAGE_VALUES)[number];
  /** Called after each page. */
  onPage?: (progress: CollectProgress) => void;
}

/**
 * Every monitor of the account, sorted by id (oldest first), so that an export is the
 * same from run to run and a monitor created during the walk lands on the last page
 * instead of shifting the others.
 */
export async function collectMonitors(client: UptimeClient, options: CollectOptions = {}): Promise<Monitor[]> {
  const byId = new Map<number, Monitor>();
  for await (const page of client.monitors.pages({ per_page: options.perPage ?? 100, sort_by: "id", sort: "asc" })) {
    for (const m of page.data) byId.set(m.id, m);
    options.onPage?.({ page: page.currentPage, lastPage: page.lastPage, count: byId.size, total: page.total });
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Every incident of the account, sorted by id, for `--format import`. */
export async function collectIncidents(client: UptimeClient): Promise<Incident[]> {
  const out: Incident[] = [];
  for await (const i of client.incidents.all({ per_page: 100 })) out.push(i);
  return out.sort((a, b) => a.id - b.id);
}
