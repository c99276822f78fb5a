/**
 * `maintenance end`: gives each monitor of the record back the window it had before
 * `start`, by the rules of restore.ts, and notes in the record when it ran, once every
 * monitor is done (until then `start` will not replace the record). Safe to run again, and
 * after the window expired: what is already as before is not written.
 */
import { configSettingsBeside } from "../stack/provider-settings";
import { existsSync } from "node:fs";
import type { UptimeClient } from "../client/client";
import type { CliIo } from "../util/command-line";
import type { Monitor } from "../schemas";
import {
  readRecordFile,
  writeRecordFile,
  RecordError,
  type MaintenanceRecord,
  type RecordedMonitor,
} from "./record-file";
import { decideEnd, windowOf, type EndDecision } from "./restore";
import { readByIds, serviceQuery } from "./select";
import { clientOf, SettingsError, stackSettings, type SettingFlags } from "./service-client";
import { stackMonitors } from "./stack-source";
import { EXIT, runOnRecord } from "./exit-codes";
import { InFlightQueue } from "./in-flight";
import { claimRecord } from "./record-claim";
import { openedByStart } from "./window";

/** What `end` was asked to do. */
export interface EndOptions {
  flags: Omit<SettingFlags, "timeZone">;
  record: string;
  json: boolean;
}

/** What end did to one monitor. */
interface Ended {
  id: number;
  name: string;
  result: "restored" | "cleared" | "as-before" | "expired" | "changed-since-start" | "gone" | "failed";
  detail?: string;
}

const SAY: Record<Ended["result"], string> = {
  restored: "restored its window from before",
  cleared: "window cleared",
  "as-before": "already as before start: nothing to do",
  expired: "the window is over and there was none to restore: nothing to do",
  "changed-since-start": "window changed since start: left alone",
  gone: "no longer on the service",
  failed: "could not be changed",
};

/** Runs `end`; `nowMs` is the clock (tests move it). */
export async function endMaintenance(opts: EndOptions, io: CliIo, nowMs = Date.now()): Promise<number> {
  return runOnRecord("end", opts.record, io, async ({ cwd, file }, held) => {
    const missing = () => new RecordError(`no maintenance record at ${opts.record}: nothing was started with it`);
    if (!existsSync(file)) throw missing();
    // The record is read under the claim: never the half-written selection of a start still running.
    held.release = claimRecord(file, opts.record, "end", (t) => io.stderr.write(t));
    const record = readRecordFile(file);
    if (!record) throw missing();
    const client = (held.client = await clientForRecord(record, opts.flags, io, cwd));
    // Each monitor is decided and written as soon as its window now is read: a page's
    // writes start while later pages are read.
    const byId = new Map(record.monitors.map((m) => [m.id, m]));
    const results: Ended[] = [];
    const writes = new InFlightQueue<{ m: RecordedMonitor; live: Monitor | undefined }>(async ({ m, live }) => {
      const current = live ? windowOf(live.maintenance_start_at, live.maintenance_end_at) : undefined;
      const decision = decideEnd(current, record.window, m, record.timeZone, nowMs);
      results.push({ id: m.id, name: live?.name ?? m.name, ...(await carryOut(client, m.id, decision)) });
    });
    let stopped = false;
    const read = readByIds(client, [...byId.keys()], serviceQuery(record.selection), (id, live) => {
      if (!stopped) writes.push([{ m: byId.get(id)!, live }]);
    });
    // The writes already started finish even when a later read fails (a page answered after
    // it starts none); what they did is reported, then the failure (the record stays open:
    // end can run again).
    const readFailure = await read.then(
      () => undefined,
      (err: unknown) => {
        stopped = true;
        return { err };
      },
    );
    await writes.finish();
    if (readFailure) {
      if (results.length) report(io, opts.json, sorted(record, results));
      throw readFailure.err;
    }
    const failed = results.some((r) => r.result === "failed");
    // A record marked ended may be replaced by the next start: not while a window is still to give back.
    if (!failed) {
      record.endedAt = new Date(nowMs).toISOString();
      writeRecordFile(file, record);
    }
    report(io, opts.json, sorted(record, results));
    return failed ? EXIT.someFailed : EXIT.done;
  });
}

/** `results` in the record's order, whatever order the answers came in. */
function sorted(record: MaintenanceRecord, results: Ended[]): Ended[] {
  const order = new Map(record.monitors.map((m, i) => [m.id, i]));
  return [...results].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

async function carryOut(client: UptimeClient, id: number, d: EndDecision): Promise<Omit<Ended, "id" | "name">> {
  if (d.kind === "changed") {
    const now = d.now ? `${d.now.start} to ${d.now.end}` : "none";
    const whose = d.now && openedByStart(d.now) ? ", opened by another `maintenance start`, whose `end` ends it" : "";
    return { result: "changed-since-start", detail: `now ${now}${whose}` };
  }
  if (d.kind !== "restore") return { result: d.kind };
  try {
    await client.monitors.updateWithoutReading(id, {
      maintenance_start_at: d.to?.start ?? null,
      maintenance_end_at: d.to?.end ?? null,
    });
    if (d.to) return { result: "restored", detail: `${d.to.start} to ${d.to.end}` };
    if (!d.notGivenBack) return { result: "cleared", detail: "it had none before" };
    const { start, end } = d.notGivenBack;
    return {
      result: "cleared",
      detail: `its window at start, ${start} to ${end}, was another \`maintenance start\`'s: not given back`,
    };
  } catch (err) {
    return { result: "failed", detail: (err as Error).message };
  }
}

/**
 * The client `end` writes with: the settings `start` used (the stack's with `--stack`),
 * flags over them, in the record's time zone (the windows were read and are restored in
 * it); the service must be the one the record was made on.
 */
async function clientForRecord(
  record: MaintenanceRecord,
  flags: EndOptions["flags"],
  io: CliIo,
  cwd: string,
): Promise<UptimeClient> {
  const target = { cwd, env: io.env, stack: record.stack };
  const source = record.stack
    ? stackSettings(await stackMonitors(target), flags)
    : { settings: await configSettingsBeside(target), from: undefined };
  const client = clientOf(source.settings, { ...flags, timeZone: record.timeZone }, io.env, source.from);
  if (client.baseUrl !== record.service) {
    await client.close();
    throw new SettingsError(
      `the record was made on ${record.service}, and the settings now reach ${client.baseUrl}; give --base-url ${record.service}`,
    );
  }
  return client;
}

function report(io: CliIo, json: boolean, results: Ended[]): void {
  if (json) {
    io.stdout.write(`${JSON.stringify({ monitors: results }, null, 2)}\n`);
    return;
  }
  const lines = results.map((r) => `${r.name} (id ${r.id}): ${SAY[r.result]}${r.detail ? ` (${r.detail})` : ""}`);
  const count = (k: Ended["result"]) => results.filter((r) => r.result === k).length;
  const changed = count("restored") + count("cleared");
  io.stdout.write(
    `${lines.join("\n")}${lines.length ? "\n" : ""}Ended maintenance: ${changed} of ${results.length} monitor${results.length === 1 ? "" : "s"} changed back` +
      `${count("changed-since-start") ? `, ${count("changed-since-start")} left alone (changed since start)` : ""}` +
      `${count("failed") ? `, ${count("failed")} could not be changed` : ""}.\n`,
  );
}
