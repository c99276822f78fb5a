/**
 * An in-process stand-in for the service's monitor endpoints, on the client's fake
 * dispatcher (test/client/helpers/fake-dispatcher.ts): store (names unique as the service
 * compares them), show, list with a name search, update, pause and delete, and one fault to
 * inject. Plain monitors only (name, url, interval and scalar fields). For unit tests of the
 * runtime's monitor lifecycle, which the local server's tests prove over sockets.
 */
import { fakeService, type FakeService } from "./fake-service";
import { sameMonitorName } from "../../src/util/monitor-names";
import { transportError, type FakeReply, type SentRequest } from "../client/helpers/fake-dispatcher";
import { monitorBody } from "../client/helpers/tiny-server";

type Stored = Record<string, unknown> & { id: number; name: string };

export interface FakeMonitorService extends FakeService {
  monitors: Map<number, Stored>;
}

const NUMBERS = new Set(["interval", "ssl_alert_days", "domain_alert_days", "cache_buster"]);

export function fakeMonitorService(): FakeMonitorService {
  const monitors = new Map<number, Stored>();
  let nextId = 1;

  const fields = (form: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(form)
        .filter(([k]) => k !== "pause")
        .map(([k, v]) => [k, NUMBERS.has(k) ? Number(v) : v === "" ? null : v]),
    );

  const answer = (req: SentRequest): FakeReply => {
    const url = new URL(req.path, "http://x");
    const form = Object.fromEntries(new URLSearchParams(req.body ?? ""));
    const one = /^\/api\/v1\/monitors\/(\d+)$/.exec(url.pathname);
    if (req.method === "POST" && url.pathname === "/api/v1/monitors") {
      if ([...monitors.values()].some((m) => sameMonitorName(m.name, form.name)))
        return { status: 422, json: { message: "invalid", errors: { name: ["The name has already been taken."] } } };
      const id = nextId++;
      const stored = monitorBody({ id, ...fields(form) }) as Stored;
      monitors.set(id, stored);
      return { status: 201, json: { data: stored } };
    }
    if (req.method === "GET" && url.pathname === "/api/v1/monitors") {
      const search = url.searchParams.get("search")?.toLowerCase();
      const data = [...monitors.values()].filter((m) => !search || m.name.toLowerCase().includes(search));
      return { json: { data, meta: { current_page: 1, last_page: 1, total: data.length } } };
    }
    const stored = one ? monitors.get(Number(one[1])) : undefined;
    if (!stored) return { status: 404, json: { message: "Not found." } };
    if (req.method === "GET") return { json: { data: stored } };
    if (req.method === "PATCH") {
      Object.assign(stored, fields(form));
      if (form.pause !== undefined) stored.status = form.pause === "1" ? "paused" : "pending";
      stored.updated_at = "2024-05-01T10:00:01.000000Z";
      return { json: { data: stored } };
    }
    monitors.delete(stored.id);
    return { json: { id: stored.id, deleted: true } };
  };

  return { ...fakeService(answer), monitors };
}

export { transportError };
