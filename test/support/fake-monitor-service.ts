/**
 * An in-process stand-in for the service's monitor endpoints, on the client's fake
 * dispatcher (test/client/helpers/fake-dispatcher.ts): store (names unique as the service
 * compares them), show, list with a name search, update, pause and delete, and one fault to
 * inject. Plain monitors only (name, url, interval and scalar fields). For unit tests of the
 * runtime's monitor lifecycle, which the local server's tests prove over sockets.
 */
import { collectionAnswer, fakeService, type FakeService } from "./fake-service";
import { sameMonitorName } from "../../src/util/monitor-names";
import { transportError } from "../client/helpers/fake-dispatcher";
import { monitorBody } from "../client/helpers/tiny-server";

type Stored = Record<string, unknown> & { id: number; name: string };

export interface FakeMonitorService extends FakeService {
  monitors: Map<number, Stored>;
}

const NUMBERS = new Set(["interval", "ssl_alert_days", "domain_alert_days", "cache_buster"]);

export function fakeMonitorService(): FakeMonitorService {
  const monitors = new Map<number, Stored>();
  const fields = (form: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(form)
        .filter(([k]) => k !== "pause")
        .map(([k, v]) => [k, NUMBERS.has(k) ? Number(v) : v === "" ? null : v]),
    );
  const answer = collectionAnswer<Stored>({
    path: "/api/v1/monitors",
    items: monitors,
    refuse: (form) =>
      [...monitors.values()].some((m) => sameMonitorName(m.name, form.name))
        ? { status: 422, json: { message: "invalid", errors: { name: ["The name has already been taken."] } } }
        : undefined,
    create: (form, id) => monitorBody({ id, ...fields(form) }) as Stored,
    list(query) {
      const search = query.get("search")?.toLowerCase();
      return [...monitors.values()].filter((m) => !search || m.name.toLowerCase().includes(search));
    },
    update(stored, form) {
      Object.assign(stored, fields(form));
      if (form.pause !== undefined) stored.status = form.pause === "1" ? "paused" : "pending";
      stored.updated_at = "2024-05-01T10:00:01.000000Z";
    },
  });
  return { ...fakeService(answer), monitors };
}

export { transportError };
