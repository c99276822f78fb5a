/** Shared setup of the `maintenance` command's tests: a local server, a scratch directory, the command in this process. */
import { afterAll, beforeAll } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { runMaintenance } from "../../src/cli/maintenance";
import { UptimeClient } from "../../src/client";
import type { MaintenanceRecord } from "../../src/maintenance/record-file";
import { startTestServer, type UptimeServer, type UptimeServerOptions } from "../support/server";

export const KEY = "maintenance-test-key";

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A server with one account in `timeZone`, a client of it, and a scratch directory to run the command in. */
export async function maintenanceFixture(timeZone = "UTC", options: UptimeServerOptions = {}) {
  const server: UptimeServer = await startTestServer({ ...options, accounts: [{ apiKey: KEY, timeZone }] });
  const api = new UptimeClient({ baseUrl: server.url, apiKey: KEY, timeZone });
  const dir = mkdtempSync(join(os.tmpdir(), "uptime-maintenance-"));
  const env = { UPTIME_BASE_URL: server.url, UPTIME_API_KEY: KEY, UPTIME_TIME_ZONE: timeZone };
  return {
    server,
    api,
    dir,
    env,
    /**
     * `pulumi-uptime maintenance <argv>` in the scratch directory, with `extraEnv` over the
     * account's settings, at `nowMs` (default: the clock).
     */
    async run(argv: string[], extraEnv: NodeJS.ProcessEnv = {}, nowMs?: number): Promise<Run> {
      let stdout = "";
      let stderr = "";
      const code = await runMaintenance(
        argv,
        {
          stdout: { write: (c: string) => (stdout += c) },
          stderr: { write: (c: string) => (stderr += c) },
          env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, ...extraEnv },
          cwd: dir,
        },
        nowMs,
      );
      return { code, stdout, stderr };
    },
    /** Holds the monitor list's reads after the first page, so that a run stops between pages. */
    holdLaterPages() {
      return server.hold({ methods: ["GET"], path: /^\/api\/v1\/monitors$/, after: 1 });
    },
    /** How many monitor writes (PATCH) the server has answered with 200. */
    patched(): number {
      return server.requests.filter((r) => r.method === "PATCH" && r.status === 200).length;
    },
    record(file = ".uptime-maintenance.json"): MaintenanceRecord {
      return JSON.parse(readFileSync(join(dir, file), "utf8")) as MaintenanceRecord;
    },
    /** Creates monitors named `names` (URLs on loopback, never checked here). */
    async monitors(...names: string[]) {
      const out = [];
      for (const name of names) out.push(await api.monitors.create({ name, url: "http://127.0.0.1:9/", interval: 60 }));
      return out;
    },
    async close() {
      await api.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type MaintenanceFixture = Awaited<ReturnType<typeof maintenanceFixture>>;

/** The fixture a file's tests share: started before them, closed after them. */
export function sharedMaintenanceFixture(timeZone = "UTC", options: UptimeServerOptions = {}): MaintenanceFixture {
  const f = {} as MaintenanceFixture;
  beforeAll(async () => {
    Object.assign(f, await maintenanceFixture(timeZone, options));
  });
  afterAll(() => f.close?.());
  return f;
}

/** The window of monitor `id` as the service holds it, wall time in the client's zone. */
export async function windowOf(api: UptimeClient, id: number): Promise<[string | null, string | null]> {
  const m = await api.monitors.get(id);
  return [m.maintenance_start_at ?? null, m.maintenance_end_at ?? null];
}

/** Creates monitors named `names`, eight requests at a time (URLs on loopback, never checked here); their ids by name. */
export async function createSideBySide(api: UptimeClient, names: readonly string[]): Promise<Map<string, number>> {
  const created = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < names.length) {
        const name = names[next++];
        created.set(name, (await api.monitors.create({ name, url: "http://127.0.0.1:9/", interval: 60 })).id);
      }
    }),
  );
  return created;
}

/** `count` names `${prefix}000`, `${prefix}001`, …: 101 fill a list page of 100, then a page of one. */
export function numbered(prefix: string, count = 101): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(3, "0")}`);
}

/** Waits (up to 30 s) until `what` holds, and fails when it never does. */
export async function until(what: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !what(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!what()) throw new Error("still not so after 30 s");
}
