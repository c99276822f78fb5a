/** Starts the local server in a child process (server-child.ts) and talks to it over IPC. */
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { CheckOptions } from "pulumi-uptime/server";

/** What the server saw since the last reset. */
export interface ServerStats {
  total: number;
  writes: number;
  /** "GET /api/v1/monitors/{id}" -> count. */
  byRoute: Record<string, number>;
  /** "200" -> count ("0" is a dropped connection). */
  byStatus: Record<string, number>;
  /** CPU time the server process used (user + system). */
  cpuMs: number;
}

/** One check the server made (epoch ms on the server's clock). */
export interface CheckRecord {
  monitorId: number;
  dueAt: number;
  startedAt: number;
  finishedAt: number;
  up: boolean;
  outcome: string;
}

/** One finished request, as the server logged it (epoch ms). */
export interface TimedRequest {
  start: number;
  end: number;
  method: string;
  path: string;
  status: number;
}

/** A local server running in another process. */
export class ChildServer {
  private next = 1;
  private readonly pending = new Map<number, (v: unknown) => void>();

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    readonly apiKey: string,
  ) {
    child.on("message", (m: { id: number; result: unknown }) => {
      this.pending.get(m.id)?.(m.result);
      this.pending.delete(m.id);
    });
  }

  /** Starts a server with one account whose key is random; `rateLimitPerMinute` and `checks` as the server's options. */
  static async start(
    options: { rateLimitPerMinute?: number; checks?: Omit<CheckOptions, "onCheck" | "ca"> } = {},
  ): Promise<ChildServer> {
    const apiKey = `bench-key-${randomBytes(12).toString("hex")}`;
    const child = fork(
      join(__dirname, "server-child.js"),
      [JSON.stringify({ ...options, accounts: [{ apiKey, name: "bench" }] })],
      { stdio: ["ignore", "inherit", "inherit", "ipc"] },
    );
    const url = await new Promise<string>((res, rej) => {
      child.once("message", (m: { result: string }) => res(m.result));
      child.once("exit", (code) => rej(new Error(`server child exited ${code}`)));
    });
    return new ChildServer(child, url, apiKey);
  }

  private call<T>(cmd: string, extra: object = {}): Promise<T> {
    const id = this.next++;
    return new Promise<T>((res) => {
      this.pending.set(id, res as (v: unknown) => void);
      this.child.send({ id, cmd, ...extra });
    });
  }

  stats(): Promise<ServerStats> {
    return this.call("stats");
  }

  /** Every request since the last reset, with arrival and end times. */
  timeline(): Promise<TimedRequest[]> {
    return this.call("timeline");
  }

  /** Every check the server made since it started (a server started with `checks`). */
  checks(): Promise<CheckRecord[]> {
    return this.call("checks");
  }

  reset(): Promise<void> {
    return this.call("reset");
  }

  /** Moves the server's clock `offsetMs` from the machine's (0: back to it). */
  setClockOffset(offsetMs: number): Promise<void> {
    return this.call("clock", { offsetMs });
  }

  setRateLimit(perMinute: number | undefined): Promise<void> {
    return this.call("rateLimit", { perMinute });
  }

  async close(): Promise<void> {
    await this.call("close");
  }
}

/** Every monitor name on the server (raw HTTP, every page). */
export async function monitorNames(server: ChildServer): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${server.url}/api/v1/monitors?per_page=100&page=${page}`, {
      headers: { authorization: `Bearer ${server.apiKey}`, accept: "application/json" },
    });
    const body = (await res.json()) as {
      data: { name: string }[] | Record<string, { name: string }>;
      meta?: { last_page?: number };
    };
    names.push(...Object.values(body.data).map((m) => m.name));
    if (page >= (body.meta?.last_page ?? 1)) return names;
  }
}

/**
 * Creates and deletes `count` monitors through raw HTTP (8 at a time), so that the server's
 * code and its PGlite are compiled before a timed run. The real service is a long-running
 * process: the local server's warm-up (V8 and WebAssembly tiering, about as much CPU again
 * as the first few hundred requests) is not the provider's cost, and on 2 shared cores it
 * would be charged to the project's side. Leaves the account as it found it (ids move on).
 */
export async function warmUp(server: ChildServer, count: number): Promise<void> {
  const headers = {
    authorization: `Bearer ${server.apiKey}`,
    accept: "application/json",
    "content-type": "application/json",
  };
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const created = await fetch(`${server.url}/api/v1/monitors`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          name: `warm-up ${i}`,
          url: `https://warm-${i}.example.com/health`,
          interval: 300,
          alert_condition: "url_no_text",
          alert_text_lookup: "ok",
          request_headers: [{ key: "X-Probe", value: "warm" }],
          ssl_alert_days: 14,
          alerts: [{ key: "email", value: `warm+${i}@example.com` }],
        }),
      });
      const body = (await created.json()) as { data?: { id?: number } };
      if (created.status !== 201 || !body.data?.id)
        throw new Error(`warm-up: POST answered ${created.status}: ${JSON.stringify(body)}`);
      const deleted = await fetch(`${server.url}/api/v1/monitors/${body.data.id}`, { method: "DELETE", headers });
      await deleted.arrayBuffer();
      if (!deleted.ok) throw new Error(`warm-up: DELETE answered ${deleted.status}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}
