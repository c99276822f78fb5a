/**
 * The record's lock left behind by a run that died (killed, the machine's job cancelled): on
 * this host with its pid no longer running, or with this process's own pid (a container's
 * earlier process), the next start takes it over and says so; from another host it cannot be
 * checked, so start exits 2, writes nothing, and says how to remove it; one whose pid still
 * runs is refused too.
 */
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { maintenanceFixture } from "./helpers";

let f: Awaited<ReturnType<typeof maintenanceFixture>>;
beforeAll(async () => {
  f = await maintenanceFixture("UTC");
  await f.monitors("stale one");
});
afterAll(() => f?.close());

/** A pid that was running a moment ago and is not now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  return child.pid!;
}

function leaveLock(record: string, holder: { pid: number; host: string }): string {
  const lock = join(f.dir, `${record}.lock`);
  const startedAt = "2026-01-01T00:00:00.000Z";
  writeFileSync(lock, JSON.stringify({ command: "start", ...holder, startedAt, token: "left-behind" }));
  return lock;
}

it.each([
  ["a pid no longer running", deadPid],
  ["this process's own pid, not held by it", () => process.pid],
])("a lock of this host with %s is taken over with a note", async (_, pid) => {
  const holder = { pid: pid(), host: hostname() };
  const record = `taken-${holder.pid}.json`;
  const lock = leaveLock(record, holder);
  const r = await f.run(["start", "--search", "stale", "--for", "5m", "--record", record]);
  expect(r.code).toBe(0);
  expect(r.stderr).toMatch(
    /Took over .*\.lock: the `maintenance start` that left it \(pid \d+, started 2026-01-01T00:00:00.000Z\) is no longer running/,
  );
  expect(f.record(record).monitors.map((m) => m.name)).toEqual(["stale one"]);
  expect(existsSync(lock)).toBe(false);
  expect((await f.run(["end", "--record", record])).code).toBe(0);
});

it("a lock from another host is not taken over: exit 2, nothing written, and how to remove it", async () => {
  const lock = leaveLock("elsewhere.json", { pid: process.pid, host: "build-agent-7" });
  const writes = f.server.writeCount();
  const r = await f.run(["start", "--search", "stale", "--for", "5m", "--record", "elsewhere.json"]);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(
    `elsewhere.json is in use by another \`maintenance start\` (pid ${process.pid} on build-agent-7, started 2026-01-01T00:00:00.000Z)`,
  );
  expect(r.stderr).toContain(`if it is no longer running, remove ${lock}`);
  expect(f.server.writeCount()).toBe(writes);
  expect(existsSync(join(f.dir, "elsewhere.json"))).toBe(false);
  expect(existsSync(lock)).toBe(true);
});

it("a lock of this host whose pid is still running (another process) is not taken over: exit 2", async () => {
  const lock = leaveLock("running.json", { pid: process.ppid, host: hostname() });
  const writes = f.server.writeCount();
  const r = await f.run(["start", "--search", "stale", "--for", "5m", "--record", "running.json"]);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain(
    `running.json is in use by another \`maintenance start\` (pid ${process.ppid} on ${hostname()}`,
  );
  expect(r.stderr).toMatch(/Wait for it to finish, or pass another --record/);
  expect(f.server.writeCount()).toBe(writes);
  expect(existsSync(lock)).toBe(true);
});
