/**
 * Answers `read` during a refresh with few requests: by id while the refresh is small
 * next to the account, from the list's pages once it is not.
 *
 * The engine calls `read` for every resource of a refresh in one provider process, several
 * at once, and never says how many (N) will come. The account holds M monitors, P pages of
 * the list at 100 a page. Policy, per session (until a write or {@link TTL_MS}):
 * - read 1 asks for its monitor by id (GET /monitors/{id});
 * - read 2 fetches list page 1, which tells P and answers the monitors on it;
 * - a read whose monitor is on a page read so far is answered from it, once the list is
 *   shown to be safe on this instance (below); any other read asks by id, except that
 *   once more than 1 + P reads have arrived the rest of the pages are walked, once, and
 *   answer every read after.
 *
 * Bound on the requests of a refresh: each read sends at most one GET, plus page 1 once,
 * and the other P − 1 pages only after more than 1 + P reads. So with N ≤ 1 + P a refresh sends at most
 * 1 + 1 + (N − 1) = N + 1 = min(N, 1 + P) + 1 requests. With N > 1 + P the reads before
 * the walk send at most P GETs: at most 2P + 1 requests, under twice min(N, 1 + P) + 1.
 * No policy that learns N only as reads arrive keeps min(N, 1 + P) + 1 there in the worst
 * case (monitors not on page 1): walking before 1 + P reads breaks it for a smaller N.
 * A monitor missing from the pages read (gone, or created since) costs one GET more,
 * which is how a monitor deleted out of band still reads as gone.
 *
 * Safe to read from: an instance whose list leaves out fields would show false drift, so
 * the list answers only once its copy of a monitor also read by id agrees with that read,
 * apart from {@link MONITOR_CHECK_FIELDS}, which the service's checks move between the two
 * reads. Until then list hits are read by id (one at a time, each tried as the proof); if
 * the copy disagrees, every read goes by id.
 */
import { isDeepStrictEqual } from "node:util";
import type { UptimeClient } from "../../client/client";
import { MONITOR_CHECK_FIELDS, type Monitor, type Page } from "../../schemas";

/** How long a session answers reads. A refresh's reads arrive within a few seconds. */
const TTL_MS = 30_000;

/** The list pages read so far in a session. */
interface ListState {
  /** The page iterator, positioned after the last page read. */
  pages: AsyncIterator<Page<Monitor>>;
  /** Pages in the whole list; Infinity when the service does not say. */
  pageCount: number;
  listed: Map<number, Monitor>;
  /** True once every page has been read. */
  complete: boolean;
  /** Whether the list agrees with reads by id; undefined until shown either way. */
  trusted?: boolean;
  /** A read by id under way to decide `trusted`. */
  proving?: Promise<void>;
  walk?: Promise<void>;
}

/** Per-client read snapshot; see the module comment. */
export class MonitorReadSnapshot {
  private session?: Session;

  constructor(
    private readonly client: UptimeClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** The live monitor with this id. @throws UptimeNotFoundError when it is gone. */
  get(id: number): Promise<Monitor> {
    if (this.session && this.now() - this.session.startedAt > TTL_MS) this.invalidate();
    this.session ??= new Session(this.client, this.now());
    return this.session.get(id);
  }

  /** Forgets everything; called after every write. */
  invalidate(): void {
    this.session = undefined;
  }
}

class Session {
  private reads = 0;
  private first?: { id: number; live: Promise<Monitor> };
  private list?: Promise<ListState | undefined>;

  constructor(
    private readonly client: UptimeClient,
    readonly startedAt: number,
  ) {}

  async get(id: number): Promise<Monitor> {
    const seen = ++this.reads;
    if (seen === 1) {
      const live = this.client.monitors.get(id);
      this.first = { id, live };
      return live;
    }
    const list = await (this.list ??= this.firstPage());
    if (!list) return this.client.monitors.get(id);
    if (!list.listed.has(id) && !list.complete && list.trusted !== false && this.reads > 1 + list.pageCount)
      await this.walk(list);
    const hit = list.listed.get(id);
    if (!hit) return this.client.monitors.get(id);
    for (;;) {
      if ((await this.trusted(list)) !== undefined || !list.proving) break;
      await list.proving;
    }
    if (list.trusted) return hit;
    if (list.trusted === false) return this.client.monitors.get(id);
    // Undecided, nobody proving: this read proves (or disproves) the list.
    const live = this.client.monitors.get(id);
    list.proving = live
      .then(
        (m) => {
          list.trusted ??= sameApartFromChecks(hit, m);
        },
        () => undefined,
      )
      .finally(() => {
        list.proving = undefined;
      });
    return live;
  }

  /** The list's verdict from read 1's monitor, when the pages read so far hold it. */
  private async trusted(list: ListState): Promise<boolean | undefined> {
    if (list.trusted !== undefined || !this.first) return list.trusted;
    const copy = list.listed.get(this.first.id);
    if (!copy) return undefined;
    const live = await this.first.live.catch(() => undefined);
    if (live) list.trusted ??= sameApartFromChecks(copy, live);
    return list.trusted;
  }

  private async firstPage(): Promise<ListState | undefined> {
    // 100 a page (the iterator's default), from page 1; the walk goes on from there.
    const pages = this.client.monitors.pages();
    try {
      const first = await pages.next();
      if (first.done) return undefined;
      const page = first.value;
      const list: ListState = {
        pages,
        pageCount: pageCount(page),
        listed: new Map(),
        complete: !page.hasNext || page.data.length === 0,
      };
      for (const m of page.data) list.listed.set(m.id, m);
      return list;
    } catch {
      return undefined;
    }
  }

  private walk(list: ListState): Promise<void> {
    return (list.walk ??= (async () => {
      try {
        for (let r = await list.pages.next(); !r.done; r = await list.pages.next())
          for (const m of r.value.data) list.listed.set(m.id, m);
        list.complete = true;
      } catch {
        // The pages read so far still answer; the rest go by id.
      }
    })());
  }
}

/** Pages in the list as page 1 tells; Infinity when it does not say (then never walked). */
function pageCount(page: Page<Monitor>): number {
  if (!page.hasNext) return page.currentPage;
  return page.lastPage > page.currentPage ? page.lastPage : Infinity;
}

/** Equal, apart from what checks write; a pause is a write, so `paused` must agree. */
function sameApartFromChecks(a: Monitor, b: Monitor): boolean {
  return (
    isDeepStrictEqual(withoutCheckFields(a), withoutCheckFields(b)) &&
    (a.status === "paused") === (b.status === "paused")
  );
}

function withoutCheckFields(m: Monitor): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...m };
  for (const f of MONITOR_CHECK_FIELDS) delete rest[f];
  return rest;
}
