/**
 * `pulumi-uptime verify --stack NAME`: after `pulumi up`, waits until the service has
 * checked each monitor the stack's last update created or changed (or every monitor of
 * the stack, `--all`) after that update, and fails naming each one that is `offline`, or
 * not yet checked when the time is up. `paused` and `maintenance` monitors are reported,
 * not failed: the service does not check them.
 *
 * Which monitors the last update touched: those whose state `modified` time is at or after
 * the start of the stack's last update (`pulumi stack history`). "Checked after the
 * update": for a monitor the update created (the service's `created_at` at or after the
 * update's start), any check, since the service cannot have checked it before it existed;
 * otherwise a `checked_at` (whole seconds) in a later second than the monitor's change, since
 * a check in the change's own second may have come before it.
 *
 * Polling stays within the account's rate limit (120 requests a minute): the client is
 * paced at the provider's `uptime:requestsPerMinute` (or UPTIME_REQUESTS_PER_MINUTE) when
 * set, else at 30 a minute, leaving the rest of the account's budget to others; a round
 * reads the monitors by id, or the list a page of 100 at a time, whichever is fewer requests
 * (verify-reads.ts).
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { UptimeClient } from "../client/client";
import { UptimeConfigError, UptimeForbiddenError, UptimeUnauthorizedError } from "../client/errors";
import type { Monitor } from "../client/index";
import { clientFor } from "../runtime/config";
import { MonitorReads } from "./verify-reads";
import { processIo, runCommand } from "./command";
import { numberOption, parseOptions, UsageError, type CliIo } from "../util/command-line";
import { lastUpdate } from "../stack/last-update";
import { readStackConfig } from "../stack/stack-config";
import { monitorsInState } from "../stack/state-monitors";
import { exportState, type StateResource } from "../stack/state-resource";
import { parseDuration } from "../util/duration";

const VERIFY_USAGE = `Usage: pulumi-uptime verify --stack NAME [--all] [--within DURATION] [--interval SECONDS]

Run in the program's directory after \`pulumi up\`. Waits until the service has checked
each monitor the stack's last update created or changed (--all: every monitor of the
stack) since that update, then fails naming each monitor that is offline, or that is
still not checked when the time is up. Paused monitors and monitors in their maintenance
window are reported, not failed.

Options:
  --stack NAME         The stack (required).
  --all                Every monitor of the stack, not only those the last update touched.
  --within DURATION    How long to wait, e.g. 90s, 10m, 1h. Default: the longest check
                       interval among the monitors, plus 2 minutes.
  --interval SECONDS   Time between polls, at least 1. Default 15.
  -h, --help           Show this help.

Each monitor is read with the settings of the provider that manages it: a provider
declared in the program (its baseUrl, apiKey, requestsPerMinute, ... in the stack's
state), else the stack's config (uptime:baseUrl, uptime:apiKey, ...); what either
leaves out comes from UPTIME_BASE_URL, UPTIME_API_KEY, ... Requests are paced at the
provider's requestsPerMinute when set, else 30 a minute, per account.

Exit code: 0 when every monitor was checked and none is offline, 1 otherwise, 2 for
usage errors, a stack that cannot be read, and settings the service refuses (a rejected
API key).`;

/** Requests a minute of verify's polling when the provider's pacing is not set: a quarter of the account's 120. */
const VERIFY_REQUESTS_PER_MINUTE = 30;

interface VerifyOptions {
  stack: string;
  all: boolean;
  withinMs?: number;
  intervalMs: number;
}

function parse(argv: string[]): VerifyOptions | "help" {
  const values = parseOptions(argv, {
    stack: { type: "string", short: "s" },
    all: { type: "boolean" },
    within: { type: "string" },
    interval: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  if (!values.stack) throw new UsageError("--stack NAME is required");
  let withinMs: number | undefined;
  if (values.within !== undefined) {
    withinMs = parseDuration(values.within);
    if (withinMs === undefined || withinMs <= 0)
      throw new UsageError(`--within takes a duration such as 90s, 10m or 1h; got ${JSON.stringify(values.within)}`);
  }
  const interval = numberOption("interval", values.interval, 15, { min: 1, max: 3600, unit: "seconds" });
  return { stack: values.stack, all: values.all ?? false, withinMs, intervalMs: interval * 1000 };
}

/**
 * One monitor to verify.
 */
export interface Watched {
  resourceName: string;
  name: string;
  id: number;
  interval: number;
  /** Epoch ms the check must be at or after. */
  since: number;
  /** Epoch ms the stack's last update started: a monitor created since has had no check before it. */
  updateStartMs: number;
}

/** Where a watched monitor stands. */
interface Standing {
  state: "ok" | "offline" | "paused" | "maintenance" | "waiting" | "missing";
  detail: string;
}

/** `checked_at` (wall time in UTC, as the client gives it with time zone UTC) as epoch ms. */
function utcMs(local: string | null | undefined): number | undefined {
  if (!local) return undefined;
  const ms = Date.parse(`${local}Z`);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * Whether a check at `checkedMs` (the service's `checked_at`, whole seconds) came after the
 * update's change to the monitor. A monitor created at or after the update's start cannot have
 * been checked before it; another, only by a check in a later second than its change, since
 * one in the same second may have come before it.
 */
export function checkedSince(checkedMs: number, createdMs: number | undefined, w: Watched): boolean {
  if (createdMs !== undefined && createdMs >= Math.floor(w.updateStartMs / 1000) * 1000) return true;
  return checkedMs >= Math.floor(w.since / 1000) * 1000 + 1000;
}

function standingOf(w: Watched, m: Monitor | undefined): Standing {
  if (!m) return { state: "missing", detail: `monitor ${w.id} is not on the service` };
  const status = String(m.status ?? "");
  if (status === "paused") return { state: "paused", detail: "paused: the service does not check it" };
  if (status === "maintenance") return { state: "maintenance", detail: "in its maintenance window: not checked" };
  const checked = utcMs(m.checked_at as string | null | undefined);
  if (checked === undefined || !checkedSince(checked, utcMs(m.created_at as string | null | undefined), w)) {
    return { state: "waiting", detail: `${status || "pending"}, not checked since the update` };
  }
  const result = typeof m.check_result === "string" && m.check_result ? `: ${m.check_result}` : "";
  if (status === "offline") return { state: "offline", detail: `offline${result}` };
  if (status === "online") return { state: "ok", detail: `online${result}` };
  return { state: "waiting", detail: `${status || "pending"}, not checked since the update` };
}

/**
 * Polls the service until each of `watched` was checked since its `since` (or is paused,
 * in maintenance, or gone), or `withinMs` is up. Every request goes through `client`, so
 * its pacing (`requestsPerMinute`) bounds the polling.
 */
export async function watchChecks(
  client: UptimeClient,
  watched: readonly Watched[],
  options: { withinMs: number; intervalMs: number },
): Promise<Map<number, Standing>> {
  const deadline = Date.now() + options.withinMs;
  const standings = new Map<number, Standing>();
  const settled = (s: Standing | undefined) => s !== undefined && s.state !== "waiting";
  const reads = new MonitorReads(client);
  for (;;) {
    const open = watched.filter((w) => !settled(standings.get(w.id)));
    const read = await reads.read(open.map((w) => w.id));
    for (const w of open) standings.set(w.id, standingOf(w, read.get(w.id)));
    if (watched.every((w) => settled(standings.get(w.id)))) break;
    const left = deadline - Date.now();
    if (left <= 0) break;
    await sleep(Math.min(options.intervalMs, left));
  }
  return standings;
}

/**
 * Runs `pulumi-uptime verify` with `argv` (the arguments after `verify`).
 * @returns 0 when all were checked and none is offline, 1 otherwise, 2 for usage errors.
 */
export async function runVerify(argv: string[], io: CliIo = processIo()): Promise<number> {
  return runCommand("verify", VERIFY_USAGE, argv, io, parse, (opts) => verifyStack(opts, io));
}

async function verifyStack(opts: VerifyOptions, io: CliIo): Promise<number> {
  const target = { cwd: io.cwd ?? process.cwd(), env: io.env, stack: opts.stack };
  let update: { startMs: number } | undefined;
  let resources: StateResource[];
  let config: Map<string, string>;
  try {
    [update, resources, config] = await Promise.all([
      lastUpdate(target),
      exportState(target, { showSecrets: true }),
      readStackConfig(target),
    ]);
  } catch (err) {
    io.stderr.write(`pulumi-uptime verify: ${(err as Error).message}\n`);
    return 2;
  }
  if (!update) {
    io.stderr.write(`pulumi-uptime verify: the stack ${opts.stack} has no update to verify: run \`pulumi up\` first\n`);
    return 2;
  }
  return verifyState({ updateStartMs: update.startMs, resources, config }, opts, io);
}

/** What `verify` reads of a stack: its last update's start, its state's resources, its config (decrypted). */
interface UpdatedStack {
  updateStartMs: number;
  resources: readonly StateResource[];
  config: ReadonlyMap<string, string>;
}

/** One account's monitors to watch, and the client (with its provider's settings) to watch them with. */
interface Watch {
  client: UptimeClient;
  watched: Watched[];
  /** Where its settings came from, e.g. `provider "prod-account"` or `stack config`. */
  from: string;
}

/**
 * Reading an account's monitors failed: which settings it used, and why. A rejected key or
 * settings that cannot work are a settings error (exit 2), not a monitor that failed (1).
 */
class AccountPollError extends Error {
  readonly settings: boolean;
  constructor(from: string, cause: unknown) {
    super(`reading the monitors with the settings of ${from}: ${(cause as Error).message}`, { cause });
    this.settings =
      cause instanceof UptimeUnauthorizedError ||
      cause instanceof UptimeForbiddenError ||
      cause instanceof UptimeConfigError;
  }
}

/**
 * Verifies the monitors of `state` (those its last update touched, or all with `all`),
 * each read with the settings of the provider that manages it; monitors of providers
 * with the same service URL and key are polled as one account, with one client's pacing.
 * @returns 0 when all were checked and none is offline, 1 otherwise, 2 for settings that cannot work.
 */
async function verifyState(
  state: UpdatedStack,
  opts: Omit<VerifyOptions, "stack"> & { stack?: string },
  io: CliIo,
): Promise<number> {
  const watches = new Map<string, Watch>();
  try {
    for (const m of monitorsInState(state.resources, state.config, io.env)) {
      if (!opts.all && !(m.modifiedMs !== undefined && m.modifiedMs >= state.updateStartMs)) continue;
      const w: Watched = {
        resourceName: m.resourceName,
        name: m.name,
        id: m.id,
        interval: m.interval ?? 3600,
        since: Math.max(state.updateStartMs, m.modifiedMs ?? 0),
        updateStartMs: state.updateStartMs,
      };
      const { settings, from } = m.provider;
      const account = JSON.stringify([settings.baseUrl, settings.apiKey]);
      let watch = watches.get(account);
      if (!watch) {
        let client: UptimeClient;
        try {
          client = clientFor({
            ...settings,
            // Dates as UTC wall time, to compare with the update's time; nothing is written.
            timeZone: "UTC",
            requestsPerMinute: settings.requestsPerMinute ?? VERIFY_REQUESTS_PER_MINUTE,
          });
        } catch (err) {
          throw new Error(`${from} (monitor ${m.resourceName}): ${(err as Error).message}`, { cause: err });
        }
        watches.set(account, (watch = { client, watched: [], from }));
      }
      watch.watched.push(w);
    }
  } catch (err) {
    await Promise.all([...watches.values()].map((w) => w.client.close()));
    io.stderr.write(`pulumi-uptime verify: ${(err as Error).message}\n`);
    return 2;
  }
  const all = [...watches.values()].flatMap((w) => w.watched);
  try {
    if (all.length === 0) {
      io.stdout.write(
        `No monitor to verify: the last update${opts.stack ? ` of ${opts.stack}` : ""} created or changed none (--all verifies every one).\n`,
      );
      return 0;
    }
    const withinMs = opts.withinMs ?? (Math.max(...all.map((w) => w.interval)) + 120) * 1000;
    const standings = new Map<number, Standing>();
    // One account's polling is paced by its client; accounts are polled side by side.
    for (const found of await Promise.all(
      [...watches.values()].map((w) =>
        watchChecks(w.client, w.watched, { withinMs, intervalMs: opts.intervalMs }).catch((err: unknown) =>
          Promise.reject(new AccountPollError(w.from, err)),
        ),
      ),
    ))
      for (const [id, s] of found) standings.set(id, s);
    let failed = 0;
    const lines = all.map((w) => {
      const s = standings.get(w.id)!;
      const bad = s.state === "offline" || s.state === "missing" || s.state === "waiting";
      if (bad) failed++;
      const label = {
        ok: "ok",
        offline: "FAILED",
        missing: "FAILED",
        waiting: "FAILED",
        paused: "note",
        maintenance: "note",
      }[s.state];
      const why = s.state === "waiting" ? `${s.detail} within ${Math.round(withinMs / 1000)} s` : s.detail;
      return `${label.padEnd(6)}  ${w.name} (${w.resourceName}, id ${w.id}): ${why}`;
    });
    io.stdout.write(`${lines.join("\n")}\n`);
    io.stdout.write(
      failed
        ? `${failed} of ${all.length} monitor${all.length === 1 ? "" : "s"} failed verification.\n`
        : `${all.length} monitor${all.length === 1 ? "" : "s"} verified.\n`,
    );
    return failed ? 1 : 0;
  } catch (err) {
    // Client errors name the request and the status, never the key.
    io.stderr.write(`pulumi-uptime verify: ${(err as Error).message}\n`);
    return err instanceof AccountPollError && err.settings ? 2 : 1;
  } finally {
    await Promise.all([...watches.values()].map((w) => w.client.close()));
  }
}
