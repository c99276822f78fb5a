/**
 * An in-process stand-in for the service's incident endpoints, on the client's fake
 * dispatcher (test/client/helpers/fake-dispatcher.ts): store, show, list by monitor,
 * update and delete, dates kept as the service sends them, and one fault to inject before
 * a request is answered. For unit tests of the runtime's incident lifecycle, which the
 * local server's tests prove over sockets.
 */
import { collectionAnswer, fakeService, type FakeService } from "./fake-service";
import { transportError } from "../client/helpers/fake-dispatcher";

/** A stored incident as the service sends it. */
type Stored = Record<string, unknown> & { id: number; monitor_id: number; started_at: string };

/** Dates as the service sends them: `2026-01-01T00:00:00.000000Z` for the account's UTC wall time. */
const serviceDate = (v: string | null | undefined) => (v ? `${v.slice(0, 19)}.000000Z` : null);

export interface FakeIncidentService extends FakeService {
  incidents: Map<number, Stored>;
}

export function fakeIncidentService(): FakeIncidentService {
  const incidents = new Map<number, Stored>();
  const answer = collectionAnswer<Stored>({
    path: "/api/v1/incidents",
    items: incidents,
    create: (form, id) => ({
      id,
      monitor_id: Number(form.monitor_id),
      status: form.ended_at ? "resolved" : "unresolved",
      started_at: serviceDate(form.started_at)!,
      acknowledged_at: serviceDate(form.acknowledged_at),
      ended_at: serviceDate(form.ended_at),
      cause: form.cause ?? null,
      comment: form.comment ?? null,
      created_at: "2026-01-01T00:00:00.000000Z",
      updated_at: "2026-01-01T00:00:00.000000Z",
    }),
    list: (query) => [...incidents.values()].filter((i) => i.monitor_id === Number(query.get("monitor_id"))),
    update(stored, form) {
      for (const [k, v] of Object.entries(form)) stored[k] = k.endsWith("_at") ? serviceDate(v) : v === "" ? null : v;
      stored.updated_at = "2026-01-01T00:00:01.000000Z";
    },
  });
  return { ...fakeService(answer), incidents };
}

export { transportError };
