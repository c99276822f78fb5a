/**
 * Answers `read` from the monitor list during a refresh, so that refreshing N monitors
 * costs a few list pages instead of N requests.
 *
 * The engine calls `read` for every resource of a refresh in one provider process, at
 * once. The first read asks for its monitor by id; the second starts loading every page
 * of the list; the rest wait for it. The list is trusted only once it is shown to be safe
 * on this instance: the list's copy of the first monitor must equal what `show` returned
 * (instances differ, and one whose list leaves out fields would show false drift). A
 * monitor missing from the list (created since, or gone) is asked for by id. Any write by
 * this process, or age, drops the snapshot.
 */
import { isDeepStrictEqual } from "node:util";
import type { UptimeClient } from "../../client/client";
import type { Monitor } from "../../schemas";

/** How long a loaded list answers reads. A refresh's reads arrive within a few seconds. */
const TTL_MS = 30_000;

interface Snapshot {
  loadedAt: number;
  /** Resolves to the monitors by id, or undefined when the list is not safe to read from. */
  byId: Promise<Map<number, Monitor> | undefined>;
}

/** Per-client read snapshot; see the module comment. */
export class MonitorReadSnapshot {
  private first?: { id: number; live: Promise<Monitor> };
  private snapshot?: Snapshot;

  constructor(private readonly client: UptimeClient, private readonly now: () => number = Date.now) {}

  /** The live monitor with this id. @throws UptimeNotFoundError when it is gone. */
  async get(id: number): Promise<Monitor> {
    if (this.snapshot && this.now() - this.snapshot.loadedAt > TTL_MS) this.invalidate();
    if (!this.first) {
      const live = this.client.monitors.get(id);
      this.first = { id, live };
      live.catch(() => this.invalidate());
      return live;
    }
    this.snapshot ??= this.load(this.first);
    const byId = await this.snapshot.byId;
    return byId?.get(id) ?? this.client.monitors.get(id);
  }

  /** Forgets everything; called after every write. */
  invalidate(): void {
    this.first = undefined;
    this.snapshot = undefined;
  }

  private load(first: { id: number; live: Promise<Monitor> }): Snapshot {
    const byId = (async () => {
      try {
        const [live, items] = await Promise.all([first.live, collect(this.client)]);
        const listed = items.get(first.id);
        return listed && isDeepStrictEqual(listed, live) ? items : undefined;
      } catch {
        return undefined;
      }
    })();
    return { loadedAt: this.now(), byId };
  }
}

async function collect(client: UptimeClient): Promise<Map<number, Monitor>> {
  const byId = new Map<number, Monitor>();
  for await (const m of client.monitors.all()) byId.set(m.id, m);
  return byId;
}
