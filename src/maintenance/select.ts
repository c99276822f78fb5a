/**
 * Which monitors `maintenance start` silences, and reading the windows `end` compares.
 * Selectors intersect: `--search` (the service's own substring search, by name or URL),
 * `--name-prefix` (names that start with it exactly, compared here: a component's
 * `selector`), and the ids a stack's state holds. The list is read a page of 100 at a time,
 * narrowed by the service's search whenever a selector allows it.
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

/** Reading a few monitors one by one costs fewer requests than the list up to this many. */
const BY_ID_AT_MOST = 20;

/** The list query that narrows `sel` on the service, if any selector allows one. */
export function serviceQuery(sel: Pick<Selection, "search" | "searchBy" | "namePrefix">): MonitorListQuery | undefined {
  if (sel.search !== undefined) return { search: sel.search, search_by: sel.searchBy ?? "name", per_page: 100 };
  if (sel.namePrefix !== undefined) return { search: sel.namePrefix, search_by: "name", per_page: 100 };
  return undefined;
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
  const monitors: Monitor[] = [];
  for await (const m of client.monitors.all(query ?? { per_page: 100 })) if (matches(m, sel)) monitors.push(m);
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
    for await (const m of client.monitors.all(query ?? { per_page: 100 })) if (wanted.has(m.id)) out.set(m.id, m);
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
