/** The monitors resource: `/api/v1/monitors`. */
import {
  monitorCreateSchema,
  monitorListQuerySchema,
  monitorUpdateSchema,
  type Monitor,
  type MonitorCreateInput,
  type MonitorListQuery,
  type MonitorUpdateInput,
} from "../schemas";
import { sameMonitorName } from "../util/monitor-names";
import { MONITOR } from "./parse-response";
import { ResourceApi, ITERATION_PER_PAGE, type ApiContext } from "./resource";

/** Monitors: list, pages, all, get, create, update (PATCH), delete, and lookup by name. */
export class MonitorsApi extends ResourceApi<Monitor, MonitorListQuery, MonitorCreateInput, MonitorUpdateInput> {
  /** @internal Created by `UptimeClient`. */
  constructor(ctx: ApiContext) {
    super(ctx, {
      path: "/api/v1/monitors",
      noun: "monitor",
      kind: MONITOR,
      listQuery: monitorListQuerySchema,
      createInput: monitorCreateSchema,
      updateInput: monitorUpdateSchema,
    });
  }

  /**
   * The monitor called `name`, or undefined. Names are unique per account as the
   * service's database compares them, ignoring case and accents ("API" and "api" are one
   * name: see `util/monitor-names.ts`), which makes this the way to find a record after a create
   * whose outcome is unknown, and the monitor whose name blocks a store. The service's
   * search is a substring match, so every page of hits is checked; a hit spelt exactly
   * like `name` wins over one that differs in case or accents.
   */
  async findByName(name: string): Promise<Monitor | undefined> {
    let same: Monitor | undefined;
    for await (const m of this.all({ search: name, search_by: "name", per_page: ITERATION_PER_PAGE })) {
      if (m.name === name) return m;
      if (!same && sameMonitorName(m.name, name)) same = m;
    }
    return same;
  }
}
