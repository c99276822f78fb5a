/**
 * How `verify` reads the monitors it waits for in each round of polling: by id, or from the
 * account's list (newest first, a page of 100 at a time), whichever takes fewer requests. The
 * list's size is not known before its first page, and a monitor the update created is on the
 * first page (the list is newest first): so with two or more to read, the first round reads page
 * one, then goes on through the pages only while that is fewer requests than reading the rest by
 * id. Later rounds know the account's pages and where each monitor was found, and pick the
 * cheaper way at once.
 */
import type { UptimeClient } from "../client/client";
import { UptimeNotFoundError } from "../client/errors";
import type { Monitor } from "../client/index";
import type { Page } from "../schemas";

const PER_PAGE = 100;

/** Reads monitors for one account's polling, remembering the list's shape between rounds. */
export class MonitorReads {
  /** The list's last page at the last reading; undefined before any. */
  private lastPage?: number;
  /** The page each monitor was last found on. */
  private readonly pageOf = new Map<number, number>();

  constructor(private readonly client: UptimeClient) {}

  /** The monitors of `ids` (undefined: not on the service). */
  async read(ids: readonly number[]): Promise<Map<number, Monitor | undefined>> {
    const out = new Map<number, Monitor | undefined>();
    if (ids.length === 0) return out;
    if (ids.length === 1 || (this.lastPage !== undefined && ids.length <= this.pagesToReach(ids))) {
      await this.byId(ids, out);
      return out;
    }
    const left = new Set(ids);
    for await (const page of this.client.monitors.pages({ per_page: PER_PAGE })) {
      this.lastPage = Math.max(page.lastPage, page.currentPage);
      this.take(page, left, out);
      // Stop once the rest by id is no more requests than the pages still to read.
      if (left.size === 0 || left.size <= this.lastPage - page.currentPage) break;
    }
    // What the list did not show (deleted, or moved to a page already read) is read by id.
    await this.byId([...left], out);
    return out;
  }

  /** The pages a walk would read to find all of `ids`, as far as the last rounds tell. */
  private pagesToReach(ids: readonly number[]): number {
    const last = this.lastPage ?? 1;
    return Math.max(...ids.map((id) => this.pageOf.get(id) ?? last));
  }

  private take(page: Page<Monitor>, left: Set<number>, out: Map<number, Monitor | undefined>): void {
    for (const m of page.data) {
      if (!left.has(m.id)) continue;
      left.delete(m.id);
      out.set(m.id, m);
      this.pageOf.set(m.id, page.currentPage);
    }
  }

  private async byId(ids: readonly number[], out: Map<number, Monitor | undefined>): Promise<void> {
    for (const id of ids) {
      try {
        out.set(id, await this.client.monitors.get(id));
      } catch (err) {
        if (err instanceof UptimeNotFoundError) out.set(id, undefined);
        else throw err;
      }
    }
  }
}
