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
 * Every monitor of the list `query` asks for, handed to `onPage` a page at a time as the
 * pages arrive, each monitor once; `index` is the page's place in the list (the first is 0),
 * the pages of a fallback walk coming after every page read side by side. The pages after
 * the first are asked for side by side (the client bounds how many are in flight), not one
 * after another: a selection of thousands would otherwise wait for each page in turn, twice
 * (start, then end), and the caller can start on a page while later ones are read. An
 * instance whose answers do not follow the page numbers asked for is then read page by
 * page, the client's walk, which says what is wrong with it; what the pages read side by
 * side held is not handed on twice.
 */
async function eachListPage(
  client: UptimeClient,
  given: MonitorListQuery,
  onPage: (monitors: Monitor[], index: number) => void,
): Promise<void> {
  const query = { ...given, ...OLDEST_FIRST };
  const seen = new Set<number>();
  const hand = (data: Monitor[], index: number) =>
    onPage(
      data.filter((m) => !seen.has(m.id) && seen.add(m.id)),
      index,
    );
  const first = await client.monitors.list({ ...query, page: 1 });
  const firstId = first.data[0]?.id;
  if (!first.hasNext) return hand(first.data, 0);
  const pageNumbers = Array.from({ length: Math.max(0, first.lastPage - 1) }, (_, i) => i + 2);
  let followsPages = true;
  let last = first;
  const rest = Promise.all(
    pageNumbers.map(async (page) => {
      const p = await client.monitors.list({ ...query, page });
      if ((p.reportedPage !== undefined && p.reportedPage !== page) || (p.data[0]?.id ?? -1) === firstId) {
        followsPages = false;
      }
      if (page === first.lastPage) last = p;
      hand(p.data, page - 1);
    }),
  );
  // The later pages are asked for before the first is handed on: the service reads them
  // while the caller starts on the first.
  try {
    hand(first.data, 0);
  } catch (err) {
    rest.catch(() => undefined); // the caller stops on this error; later pages are not its concern
    throw err;
  }
  await rest;
  if (followsPages && !last.hasNext) return;
  let index = first.lastPage;
  for await (const p of client.monitors.pages(query)) hand(p.data, index++);
}

/** Whether monitor `m` satisfies every selector of `sel` (the service's search already applied). */
function matches(m: Monitor, sel: Selection): boolean {
  if (sel.namePrefix !== undefined && !m.name.startsWith(sel.namePrefix)) return false;
  if (sel.stackIds && !sel.stackIds.has(m.id)) return false;
  return true;
}

/**
 * The monitors `sel` selects, handed to `onPage` a page of the list at a time as they are
 * read (see eachListPage; stack ids alone are read one by one and handed on together);
 * resolves with the stack ids the service does not have.
 */
export async function eachSelectedPage(
  client: UptimeClient,
  sel: Selection,
  onPage: (monitors: Monitor[], index: number) => void,
): Promise<{ missing: number[] }> {
  const query = serviceQuery(sel);
  if (!query && sel.stackIds) {
    const read = new Map<number, Monitor | undefined>([...sel.stackIds].map((id) => [id, undefined]));
    await readByIds(client, [...read.keys()], undefined, (id, m) => read.set(id, m));
    onPage(
      [...read.values()].filter((m): m is Monitor => m !== undefined),
      0,
    );
    return { missing: [...read].filter(([, m]) => !m).map(([id]) => id) };
  }
  await eachListPage(client, query ?? { per_page: 100 }, (page, index) =>
    onPage(
      page.filter((m) => matches(m, sel)),
      index,
    ),
  );
  return { missing: [] };
}

/** The monitors `sel` selects, in the service's order; `missing`: stack ids the service does not have. */
export async function selectMonitors(
  client: UptimeClient,
  sel: Selection,
): Promise<{ monitors: Monitor[]; missing: number[] }> {
  const pages: Monitor[][] = [];
  const { missing } = await eachSelectedPage(client, sel, (monitors, index) => (pages[index] = monitors));
  return { monitors: pages.flat(), missing };
}

/**
 * The monitors of `ids` as the service holds them now (undefined: gone): through the list
 * `query` narrows (what start searched), then one by one for those it no longer finds
 * (renamed since) when few; else the whole list. Each id is handed to `onRead` once, as soon
 * as it is known: a monitor of the list with its page, the others at the end.
 */
export async function readByIds(
  client: UptimeClient,
  ids: readonly number[],
  query: MonitorListQuery | undefined,
  onRead: (id: number, monitor: Monitor | undefined) => void,
): Promise<void> {
  const left = new Set(ids);
  const found = (id: number, m: Monitor | undefined) => {
    if (left.delete(id)) onRead(id, m);
  };
  if (query || ids.length > BY_ID_AT_MOST) {
    await eachListPage(client, query ?? { per_page: 100 }, (page) => {
      for (const m of page) found(m.id, m);
    });
  }
  if (!query && ids.length > BY_ID_AT_MOST) {
    for (const id of [...left]) found(id, undefined);
    return;
  }
  await Promise.all(
    [...left].map(async (id) => {
      try {
        found(id, await client.monitors.get(id));
      } catch (err) {
        if (!(err instanceof UptimeNotFoundError)) throw err;
        found(id, undefined);
      }
    }),
  );
}
