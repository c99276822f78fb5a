/**
 * An in-process stand-in for the service's incident endpoints, on the client's fake
 * dispatcher (test/client/helpers/fake-dispatcher.ts): store, show, list by monitor,
 * update and delete, dates kept as the service sends them, and one fault to inject before
 * a request is answered. For unit tests of the runtime's incident lifecycle, which the
 * local server's tests prove over sockets.
 */
import { fakeService, type FakeService } from "./fake-service";
import { transportError, type FakeReply, type SentRequest } from "../client/helpers/fake-dispatcher";

/** A stored incident as the service sends it. */
type Stored = Record<string, unknown> & { id: number; monitor_id: number; started_at: string };

/** Dates as the service sends them: `2026-01-01T00:00:00.000000Z` for the account's UTC wall time. */
const serviceDate = (v: string | null | undefined) => (v ? `${v.slice(0, 19)}.000000Z` : null);

export interface FakeIncidentService extends FakeService {
  incidents: Map<number, Stored>;
}

export function fakeIncidentService(): FakeIncidentService {
  const incidents = new Map<number, Stored>();
  let nextId = 1;

  const answer = (req: SentRequest): FakeReply => {
    const url = new URL(req.path, "http://x");
    const form = Object.fromEntries(new URLSearchParams(req.body ?? ""));
    const one = /^\/api\/v1\/incidents\/(\d+)$/.exec(url.pathname);
    if (req.method === "POST" && url.pathname === "/api/v1/incidents") {
      const id = nextId++;
      const stored: Stored = {
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
      };
      incidents.set(id, stored);
      return { status: 201, json: { data: stored } };
    }
    if (req.method === "GET" && url.pathname === "/api/v1/incidents") {
      const monitor = Number(url.searchParams.get("monitor_id"));
      const data = [...incidents.values()].filter((i) => i.monitor_id === monitor);
      return { json: { data, meta: { current_page: 1, last_page: 1, total: data.length } } };
    }
    const stored = one ? incidents.get(Number(one[1])) : undefined;
    if (!stored) return { status: 404, json: { message: "Not found." } };
    if (req.method === "GET") return { json: { data: stored } };
    if (req.method === "PATCH") {
      for (const [k, v] of Object.entries(form)) stored[k] = k.endsWith("_at") ? serviceDate(v) : v === "" ? null : v;
      stored.updated_at = "2026-01-01T00:00:01.000000Z";
      return { json: { data: stored } };
    }
    incidents.delete(stored.id);
    return { json: { id: stored.id, deleted: true } };
  };

  return { ...fakeService(answer), incidents };
}

export { transportError };
