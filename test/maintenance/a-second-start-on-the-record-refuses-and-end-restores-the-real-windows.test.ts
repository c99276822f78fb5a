/**
 * Two `start`s on one record at once (two deploy jobs on a workspace): the second, started
 * while the first is still reading its selection, exits 2 naming the record and the first
 * run and changes nothing, so the record keeps each monitor's real window and `end` gives
 * those back, not the first start's window.
 */
import { existsSync, readFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { formatLocalDateTime } from "../../src/util/time";
import { sharedMaintenanceFixture, until, windowOf } from "./helpers";

const f = sharedMaintenanceFixture();

const fmt = (ms: number) => formatLocalDateTime(Math.floor(ms / 1000) * 1000, "UTC");

it("one start silences the monitors, the other exits 2 naming the record and the run, and end restores the real windows", async () => {
  const [a, b, c] = await f.monitors("race a", "race b", "race c");
  const real = { start: fmt(Date.now() + 3 * 86_400_000), end: fmt(Date.now() + 3 * 86_400_000 + 3_600_000) };
  for (const m of [a, b]) {
    await f.api.monitors.update(m.id, { maintenance_start_at: real.start, maintenance_end_at: real.end });
  }
  f.server.resetStats();
  // The first start is held inside its read of the selection: it has begun, nothing is changed yet.
  const hold = f.server.hold({ methods: ["GET"], path: /^\/api\/v1\/monitors$/ });
  const first = f.run(["start", "--search", "race", "--for", "10m"]);
  await hold.waitHeld(1);
  const lockFile = join(f.dir, ".uptime-maintenance.json.lock");
  const lock = existsSync(lockFile) ? (JSON.parse(readFileSync(lockFile, "utf8")) as { startedAt: string }) : undefined;

  // An overlapping selection: the monitors the first is about to silence.
  let secondDone = false;
  const second = f.run(["start", "--name-prefix", "race ", "--for", "20m"]).then((r) => {
    secondDone = true;
    return r;
  });
  // Either the second is refused while the first is held, or (without a claim) it is held too.
  await until(() => secondDone || hold.held() === 2);
  await hold.release("handle");
  const [one, two] = await Promise.all([first, second]);

  expect(two.code).toBe(2);
  expect(two.stderr).toContain(
    `.uptime-maintenance.json is in use by another \`maintenance start\` (pid ${process.pid} on ${hostname()}, started ${lock?.startedAt})`,
  );
  expect(two.stdout).toBe("");
  expect(one.code).toBe(0);
  // Only the first reached the service: one read of the list, one write per monitor.
  const patched = f.server.requests.filter((r) => r.method === "PATCH").map((r) => r.path);
  expect(patched.sort()).toEqual([a, b, c].map((m) => `/api/v1/monitors/${m.id}`).sort());
  expect(f.server.requests.filter((r) => r.method === "GET")).toHaveLength(1);
  expect(existsSync(lockFile)).toBe(false);

  const record = f.record();
  const befores = Object.fromEntries(record.monitors.map((m) => [m.id, m.before]));
  expect(befores).toEqual({ [a.id]: real, [b.id]: real, [c.id]: null });

  const ended = await f.run(["end"]);
  expect(ended.code).toBe(0);
  expect(await windowOf(f.api, a.id)).toEqual([real.start, real.end]);
  expect(await windowOf(f.api, b.id)).toEqual([real.start, real.end]);
  expect(await windowOf(f.api, c.id)).toEqual([null, null]);
});
