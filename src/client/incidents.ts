/** The incidents resource: `/api/v1/incidents`. */
import {
  incidentCreateSchema,
  incidentListQuerySchema,
  incidentUpdateSchema,
  type Incident,
  type IncidentCreateInput,
  type IncidentListQuery,
  type IncidentUpdateInput,
} from "../schemas";
import { INCIDENT } from "./parse-response";
import { ResourceApi, type ApiContext } from "./resource";

/**
 * Incidents: list, pages, all, get, create, update (PATCH), delete. The service writes
 * `acknowledged_at` and `ended_at` only while empty; the client sends what it is given.
 */
export class IncidentsApi extends ResourceApi<Incident, IncidentListQuery, IncidentCreateInput, IncidentUpdateInput> {
  /** @internal Created by `UptimeClient`. */
  constructor(ctx: ApiContext) {
    super(ctx, {
      path: "/api/v1/incidents",
      noun: "incident",
      kind: INCIDENT,
      listQuery: incidentListQuerySchema,
      createInput: incidentCreateSchema,
      updateInput: incidentUpdateSchema,
    });
  }
}
