/**
 * The server side of the end-to-end tests: an in-process local server with its own API key,
 * and raw HTTP calls (no project code) to see what the service holds and to change things
 * out of band, as someone outside Pulumi would.
 */
import { randomBytes } from "node:crypto";
import { startCheckingServer, startTestServer, type UptimeServer } from "../support/server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the service's JSON answers, read freely
type Json = any;

/** A started server and the key its one account accepts. */
export interface E2EServer {
  server: UptimeServer;
  url: string;
  apiKey: string;
  /** Raw HTTP against it. */
  api: RawApi;
  close(): Promise<void>;
}

/**
 * Starts a local server whose account has a distinctive key (so that leaks are findable)
 * and, optionally, its own time zone. With `checks`, it checks monitors (loopback targets
 * only) when the test runs a round.
 */
export async function startE2EServer(
  options: { checks?: boolean; timeZone?: string; log?: (line: string) => void } = {},
): Promise<E2EServer> {
  const apiKey = `e2e-apikey-${randomBytes(12).toString("hex")}`;
  const accounts = [{ apiKey, name: "e2e", ...(options.timeZone ? { timeZone: options.timeZone } : {}) }];
  const server = options.checks
    ? await startCheckingServer({ accounts, log: options.log })
    : await startTestServer({ accounts, log: options.log });
  return { server, url: server.url, apiKey, api: new RawApi(server.url, apiKey), close: () => server.close() };
}

/** A monitor as the service returns it (snake_case). */
export interface ApiMonitor {
  id: number;
  name: string;
  url: string;
  interval: number;
  status: string;
  alert_condition: string;
  alert_text_lookup: string | null;
  request_method: string;
  request_headers: { key: string; value: string }[] | Record<string, { key: string; value: string }>;
  request_auth_username: string | null;
  cache_buster: number;
  ssl_alert_days: number;
  domain_alert_days: number;
  alerts: { key: string; value: string }[] | Record<string, { key: string; value: string }>;
  /** The window's ends as ISO dates, null when none is scheduled. */
  maintenance_start_at: string | null;
  maintenance_end_at: string | null;
  [k: string]: unknown;
}

/** An incident as the service returns it. */
export interface ApiIncident {
  id: number;
  monitor_id: number;
  started_at: string;
  acknowledged_at: string | null;
  ended_at: string | null;
  cause: string | null;
  comment: string | null;
  status?: string;
  [k: string]: unknown;
}

/** Lists may come back as objects keyed by position: always read them as arrays. */
export function asList<T>(v: T[] | Record<string, T> | null | undefined): T[] {
  if (!v) return [];
  return Array.isArray(v) ? v : Object.values(v);
}

/** `Y-m-dTH:i:s` (UTC account) and the service's ISO form compare equal. */
export function sameInstant(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  const t = (s: string) => Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s}Z`);
  return t(a) === t(b);
}

/** Raw HTTP against the API: Bearer key, JSON answers, form-encoded writes. */
export class RawApi {
  constructor(
    readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  async call(
    method: string,
    path: string,
    form?: Record<string, string | number | boolean>,
  ): Promise<{ status: number; body: Json }> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.apiKey}`, Accept: "application/json" };
    let body: string | undefined;
    if (form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(
        Object.entries(form).map(([k, v]): [string, string] => [
          k,
          typeof v === "boolean" ? (v ? "1" : "0") : String(v),
        ]),
      ).toString();
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed };
  }

  private async ok(method: string, path: string, form?: Record<string, string | number | boolean>): Promise<Json> {
    const r = await this.call(method, path, form);
    if (r.status < 200 || r.status >= 300)
      throw new Error(`${method} ${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body;
  }

  private async all<T>(path: string, query = ""): Promise<T[]> {
    const out: T[] = [];
    for (let page = 1; ; page++) {
      const body = await this.ok("GET", `${path}?${query}per_page=100&page=${page}`);
      out.push(...asList<T>(body.data));
      const last = body.meta?.last_page ?? 1;
      if (page >= last) return out;
    }
  }

  /** Every monitor of the account. */
  monitors(): Promise<ApiMonitor[]> {
    return this.all<ApiMonitor>("/api/v1/monitors");
  }

  /** Every monitor the service's own search finds for `search` (on `searchBy`), every page. */
  searchMonitors(search: string, searchBy = "name"): Promise<ApiMonitor[]> {
    return this.all<ApiMonitor>("/api/v1/monitors", `search=${encodeURIComponent(search)}&search_by=${searchBy}&`);
  }

  /** Every incident of the account. */
  incidents(): Promise<ApiIncident[]> {
    return this.all<ApiIncident>("/api/v1/incidents");
  }

  /** One monitor, or undefined when the service answers 404. */
  async monitor(id: number | string): Promise<ApiMonitor | undefined> {
    const r = await this.call("GET", `/api/v1/monitors/${id}`);
    if (r.status === 404) return undefined;
    if (r.status !== 200) throw new Error(`GET monitor ${id} answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body.data as ApiMonitor;
  }

  /** The monitor named exactly `name` (throws when there is not exactly one). */
  async monitorNamed(name: string): Promise<ApiMonitor> {
    const found = (await this.monitors()).filter((m) => m.name === name);
    if (found.length !== 1)
      throw new Error(`expected one monitor named ${JSON.stringify(name)}, found ${found.length}`);
    return found[0];
  }

  /** Stores a monitor, as someone outside Pulumi would. */
  async createMonitor(form: Record<string, string | number | boolean>): Promise<ApiMonitor> {
    return (await this.ok("POST", "/api/v1/monitors", form)).data as ApiMonitor;
  }

  /** Changes a monitor out of band. */
  async patchMonitor(id: number | string, form: Record<string, string | number | boolean>): Promise<ApiMonitor> {
    return (await this.ok("PATCH", `/api/v1/monitors/${id}`, form)).data as ApiMonitor;
  }

  /** Deletes a monitor out of band. */
  async deleteMonitor(id: number | string): Promise<void> {
    await this.ok("DELETE", `/api/v1/monitors/${id}`);
  }
}

/** Requests the server received under /api/v1/monitors and /api/v1/incidents since `from`. */
export function apiRequests(server: UptimeServer, from = 0) {
  return server.requests.slice(from).filter((r) => r.path.startsWith("/api/v1/"));
}

/**
 * `apiRequests` less the one `GET /api/v1/monitors` with which a provider process's `check`
 * verifies the key and the URL (src/dynamic/check-settings.ts); fails when there are more
 * such reads than provider processes allowed (`processes`, default 1).
 */
export function requestsBeyondSettingsCheck(server: UptimeServer, from = 0, processes = 1) {
  let probes = 0;
  return apiRequests(server, from).filter((r) => {
    if (r.method === "GET" && r.path === "/api/v1/monitors" && probes < processes) {
      probes++;
      return false;
    }
    return true;
  });
}

/** "GET /api/v1/monitors 200, …" for logs. */
export function describeRequests(server: UptimeServer, from = 0): string {
  const rs = server.requests.slice(from);
  return rs.length ? rs.map((r) => `${r.method} ${r.path} ${r.status}`).join(", ") : "(none)";
}
