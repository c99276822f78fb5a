/**
 * Which monitors `maintenance start` silences, and reading the windows `end` compares.
 * Selectors intersect: `--search` (the service's own substring search, by name or URL),
 * `--name-prefix` (names that start with it exactly, compared here: a component's
 * `selector`), and the ids a stack's state holds. The list is read a page of 100 at a time,
 * oldest first, narrowed by the service's search whenever a selector allows it.
 */
import type { UptimeClient } from "../client/client";
import { UptimeNotFoundError } from "../client/errors";
import type { Monitor, MonitorListQuery } from "../schemas";
import type { MONITOR_SEARCH_BY } from "../schemas/values";

/** The selectors given on the command line. */
export interface Selection {
  search?: string;
  searchBy?: (typeof MONITOR_SEARCH_BY)[number];
  namePrefix?: string;
  /** The monitor ids of a stack's state (`--stack`). */
  stackIds?: ReadonlySet<number>;
}

/**
 * The order the list is read in: oldest first. The service's default, newest first, puts a
 * monitor created while the pages are read on page 1, already read, and pushes the others
 * one place on; oldest first, it joins the end, read with the last page (or, past it, by the
 * walk the read falls back to), and no monitor moves.
 */
const OLDEST_FIRST = { sort_by: "id", sort: "asc" } as const satisfies MonitorListQuery;

/** Reading a few monitors one by one costs fewer requests than the list up to this many. */
const BY_ID_AT_MOST = 20;

/** The list query that narrows `sel` on the service, if any selector allows one. */
export function serviceQuery(sel: Pick<Selection, "search" | "searchBy" | "namePrefix">): MonitorListQuery | undefined {
  if (sel.search !== undefined) return { search: sel.search, search_by: sel.searchBy ?? "name", per_page: 100 };
  if (sel.namePrefix !== undefined) return { search: sel.namePrefix, search_by: "name", per_page: 100 };
  return undefined;
}

/**
 * Every monitor of the list `query` asks for. The pages after the first are asked for side
 * by side (the client bounds how many are in flight), not one after another: a selection of
 * thousands would otherwise wait for each page in turn, twice (start, then end). An instance
 * whose answers do not follow the page numbers asked for is read page by page instead, the
 * client's walk, which says what is wrong with it.
 */
async function listAll(client: UptimeClient, given: MonitorListQuery): Promise<Monitor[]> {
  const query = { ...given, ...OLDEST_FIRST };
  const first = await client.monitors.list({ ...query, page: 1 });
  if (!first.hasNext) return first.data;
  const pageNumbers = Array.from({ length: Math.max(0, first.lastPage - 1) }, (_, i) => i + 2);
  const rest = await Promise.all(pageNumbers.map((page) => client.monitors.list({ ...query, page })));
  const firstId = first.data[0]?.id;
  const followsPages = rest.every(
    (p, i) => (p.reportedPage === undefined || p.reportedPage === i + 2) && (p.data[0]?.id ?? -1) !== firstId,
  );
  const last = rest[rest.length - 1] ?? first;
  if (!followsPages || last.hasNext) {
    const all: Monitor[] = [];
    for await (const m of client.monitors.all(query)) all.push(m);
    return all;
  }
  const seen = new Set<number>();
  return [first, ...rest].flatMap((p) => p.data).filter((m) => !seen.has(m.id) && seen.add(m.id));
}

/** Whether monitor `m` satisfies every selector of `sel` (the service's search already applied). */
function matches(m: Monitor, sel: Selection): boolean {
  if (sel.namePrefix !== undefined && !m.name.startsWith(sel.namePrefix)) return false;
  if (sel.stackIds && !sel.stackIds.has(m.id)) return false;
  return true;
}

/** The monitors `sel` selects, in the service's order; `missing`: stack ids the service does not have. */
export async function selectMonitors(
  client: UptimeClient,
  sel: Selection,
): Promise<{ monitors: Monitor[]; missing: number[] }> {
  const query = serviceQuery(sel);
  if (!query && sel.stackIds) {
    const read = await readByIds(client, [...sel.stackIds]);
    const monitors = [...read.values()].filter((m): m is Monitor => m !== undefined);
    return { monitors, missing: [...read].filter(([, m]) => !m).map(([id]) => id) };
  }
  const monitors = (await listAll(client, query ?? { per_page: 100 })).filter((m) => matches(m, sel));
  const found = new Set(monitors.map((m) => m.id));
  return { monitors, missing: query || !sel.stackIds ? [] : [...sel.stackIds].filter((id) => !found.has(id)) };
}

/**
 * The monitors of `ids` as the service holds them now (undefined: gone): through the list
 * `query` narrows (what start searched), then one by one for those it no longer finds
 * (renamed since) when few; else the whole list.
 */
export async function readByIds(
  client: UptimeClient,
  ids: readonly number[],
  query?: MonitorListQuery,
): Promise<Map<number, Monitor | undefined>> {
  const out = new Map<number, Monitor | undefined>(ids.map((id) => [id, undefined]));
  const wanted = new Set(ids);
  if (query || ids.length > BY_ID_AT_MOST) {
    for (const m of await listAll(client, query ?? { per_page: 100 })) if (wanted.has(m.id)) out.set(m.id, m);
  }
  const left = ids.filter((id) => !out.get(id));
  if (!query && ids.length > BY_ID_AT_MOST) return out;
  await Promise.all(
    left.map(async (id) => {
      try {
        out.set(id, await client.monitors.get(id));
      } catch (err) {
        if (!(err instanceof UptimeNotFoundError)) throw err;
      }
    }),
  );
  return out;
}
