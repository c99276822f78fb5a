/** The monitors resource: `/api/v1/monitors`. */
import {
  monitorCreateSchema, monitorListQuerySchema, monitorUpdateSchema,
  type Monitor, type MonitorCreateInput, type MonitorListQuery, type MonitorUpdateInput,
} from "../schemas";
import { MONITOR } from "./normalize";
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
   * The monitor named exactly `name`, or undefined. Names are unique per account, which
   * makes this the way to find a record after a create whose outcome is unknown. The
   * service's search is a substring match, so every page of hits is checked for equality.
   */
  async findByName(name: string): Promise<Monitor | undefined> {
    for await (const m of this.all({ search: name, search_by: "name", per_page: ITERATION_PER_PAGE })) {
      if (m.name === name) return m;
    }
    return undefined;
  }
}
