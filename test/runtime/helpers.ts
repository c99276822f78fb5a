/** Shared setup of the provider tests: a local server and the runtime configured for it. */
import { serverWithOutsider } from "../support/server-with-outsider";
import { DEFAULT_API_KEY } from "../../src/server";
import { configureFromStack } from "../../src/runtime/config";
import { setProviderLog } from "../../src/runtime/log";
import type { UptimeClient } from "../../src/client";
import { afterEach, expect } from "vitest";
import type { ResourceProvider } from "@pulumi/pulumi/dynamic";
import { monitor } from "../../src/dynamic/runtime";
import type { UptimeServer, UptimeServerOptions } from "../support/server";
import { startTarget } from "../support/targets";
import { SECRET_SIG, SIG_KEY } from "../../src/runtime/secret-envelope";

/**
 * Settings tests' environment: registers an `afterEach` that puts the variables `keys` back
 * as they were and reconfigures the runtime (`reconfigure`) as a new provider process would
 * be; returns `set`, which clears them all, then sets `env`.
 */
export function keepEnv<K extends string>(
  keys: readonly K[],
  reconfigure: () => void,
): (env?: Partial<Record<K, string>>) => void {
  const saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
  afterEach(() => {
    for (const k of keys) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    reconfigure();
  });
  return (env = {}) => {
    for (const k of keys) delete process.env[k];
    Object.assign(process.env, env);
  };
}

/**
 * Runs a provider's `check`, expects it to pass, and returns the checked inputs as the
 * engine hands them to `create`/`diff`: the dynamic door's check returns its secret fields
 * as secret envelopes, which the engine records as secrets and unwraps for the provider.
 */
export async function checkedBy(
  provider: Pick<ResourceProvider, "check">,
  bag: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const r = await provider.check!({}, bag);
  expect(r.failures).toBeUndefined();
  const inputs = r.inputs as Record<string, unknown>;
  return Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, unwrapSecret(v)]));
}

/** `checkedBy` the Monitor provider: a monitor's bag, checked and handed on as the engine does. */
export const checkedMonitor = (bag: Record<string, unknown>) => checkedBy(monitor, bag);

function unwrapSecret(v: unknown): unknown {
  const isEnvelope = typeof v === "object" && v !== null && (v as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
  return isEnvelope ? (v as { value: unknown }).value : v;
}

/** Starts a server and points the provider runtime at it, as `configure` would. */
export async function providerHarness(options: UptimeServerOptions = {}) {
  // A second client plays "someone else" changing things out of band.
  const { server, outside: outOfBand, close } = await serverWithOutsider(options);
  const config: Record<string, string> = { "uptime:baseUrl": server.url, "uptime:apiKey": DEFAULT_API_KEY };
  const reconfigure = () => {
    // A new provider process: configure keeps the client while the settings stay the same,
    // so clear them first to start from a fresh client (no read snapshot, nothing verified).
    configureFromStack({ get: () => undefined });
    configureFromStack({ get: (k) => config[k] });
  };
  reconfigure();
  return {
    server,
    outOfBand,
    /** Configures the runtime afresh, as a new provider process would be. */
    reconfigure,
    close,
  };
}

/**
 * A harness whose server checks monitors only when a test runs a round, and only loopback
 * targets, with one target (healthy until told otherwise) to point them at.
 */
export async function checkingHarness() {
  const h = await providerHarness({ checks: { schedule: false, loopbackOnly: true } });
  const target = await startTarget();
  return {
    ...h,
    target,
    async close() {
      await h.close();
      await target.close();
    },
  };
}

/** The engine's default `--parallel` on this project's 2-core machines (4 per core). */
export const ENGINE_PARALLEL = 8;

/** Runs `task(i)` for i in 0..count-1, at most `lanes` at once, each starting as one ends. */
async function inLanes<T>(count: number, lanes: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, count) }, lane));
  return out;
}

/**
 * Reads managed monitors as `pulumi refresh` does: every read in one provider process, at
 * most `parallel` at once. Returns the results in the order of `ids`, the requests the
 * server received meanwhile, and how many of them were reads by id and list pages.
 */
export async function refreshMonitors(server: UptimeServer, ids: number[], parallel = ENGINE_PARALLEL) {
  const from = server.requests.length;
  const results = await inLanes(ids.length, parallel, (i) => monitor.read(String(ids[i]), { monitorId: ids[i] }));
  const requests = server.requests.slice(from);
  return {
    results,
    requests,
    byId: requests.filter((r) => /^\/api\/v1\/monitors\/\d+$/.test(r.path)).length,
    pages: requests.filter((r) => r.path === "/api/v1/monitors").length,
  };
}

/** Creates `count` monitors named `${prefix}-${i}` through `client`, four at a time; their ids by `i`. */
export function createMonitors(
  client: UptimeClient,
  prefix: string,
  count: number,
  url = (i: number) => `https://${prefix}-${i}.example.com`,
): Promise<number[]> {
  return inLanes(
    count,
    4,
    async (i) => (await client.monitors.create({ name: `${prefix}-${i}`, url: url(i), interval: 60 })).id,
  );
}

/**
 * Configures the provider for `server` with this `uptime:timeZone`, and collects what it warns
 * into `warnings` (emptied first); afterEach of the file should `setProviderLog(undefined)`.
 */
export function configureInTimeZone(server: { url: string }, timeZone: string, warnings: string[]): void {
  configureFromStack({
    get: (k) => ({ "uptime:baseUrl": server.url, "uptime:apiKey": DEFAULT_API_KEY, "uptime:timeZone": timeZone })[k],
  });
  warnings.length = 0;
  setProviderLog({ warn: async (message) => void warnings.push(message), info: async () => undefined });
}

/**
 * How the time-zone warning ends for an account in Europe/Berlin at a date in January: the
 * account's offset, and the setting and the command that fix it.
 */
export const BERLIN_WINTER_ADVICE =
  "The account's zone is UTC+01:00 at that date: set it with `pulumi config set uptime:timeZone <the account's zone, e.g. Europe/Berlin>` " +
  "(or UPTIME_TIME_ZONE), then run `pulumi up` (until it has run, a refresh still reads with the old setting).";

/** Dynamic-provider inputs of a monitor named `name` with a maintenance window in 2030. */
export const withWindow = (name: string) => ({
  name,
  url: "https://w.example.com",
  interval: 60,
  maintenanceStartAt: "2030-01-15T10:00:00",
  maintenanceEndAt: "2030-01-15T12:00:00",
  __resourceName: name,
});
