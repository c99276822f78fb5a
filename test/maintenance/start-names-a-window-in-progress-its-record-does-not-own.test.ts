/**
 * `start` on monitors whose window is already in progress, a window its record does not own:
 * it names each, in its listing and with `--json` in the record, telling one another
 * `maintenance start` opened (marked; `end` clears it rather than give it back) from one a
 * person or a program wrote (`end` gives it back).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { formatLocalDateTime } from "../../src/util/time";
import { maintenanceFixture, windowOf } from "./helpers";

const ZONE = "America/New_York";
let f: Awaited<ReturnType<typeof maintenanceFixture>>;
beforeAll(async () => {
  f = await maintenanceFixture(ZONE);
});
afterAll(() => f?.close());

/** Monitors `<prefix>theirs` (in another start's window), `<prefix>written` (in a window written on the minute), `<prefix>none`. */
async function inWindows(prefix: string) {
  const [theirs, written, none] = await f.monitors(`${prefix}theirs`, `${prefix}written`, `${prefix}none`);
  expect(
    (await f.run(["start", "--search", `${prefix}theirs`, "--for", "1h", "--record", `${prefix}a.json`])).code,
  ).toBe(0);
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  const window = {
    start: formatLocalDateTime(minute - 600_000, ZONE),
    end: formatLocalDateTime(minute + 7_200_000, ZONE),
  };
  await f.api.monitors.update(written.id, { maintenance_start_at: window.start, maintenance_end_at: window.end });
  return { theirs, written, none, window };
}

const NOTE = [
  "A window was in progress that this record does not own, on 2 monitors:",
  "  1 monitor: opened by another `maintenance start` (another record).",
];

it("names each window in progress in its listing, and which one end will not give back", async () => {
  await inWindows("listed ");
  const dry = await f.run(["start", "--name-prefix", "listed ", "--for", "10m", "--dry-run"]);
  expect(dry.code).toBe(0);
  for (const line of NOTE) expect(dry.stdout).toContain(line);
  const r = await f.run(["start", "--name-prefix", "listed ", "--for", "10m", "--record", "listed.json"]);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(
    /silenced +listed theirs \(id \d+\): had \S+ to \S+, in progress, opened by another `maintenance start`\n/,
  );
  expect(r.stdout).toMatch(/silenced +listed written \(id \d+\): had \S+ to \S+, in progress\n/);
  expect(r.stdout).toMatch(/silenced +listed none \(id \d+\): had no window\n/);
  for (const line of NOTE) expect(r.stdout).toContain(line);
  expect(r.stdout).toContain("  1 monitor: not opened by `maintenance start`; `end` gives it back.\n");
});

it("--json records it for each monitor, and end clears the other start's window and gives back the written one", async () => {
  const { theirs, written, none, window } = await inWindows("json ");
  const theirWindow = await windowOf(f.api, theirs.id);
  const r = await f.run(["start", "--name-prefix", "json ", "--for", "10m", "--record", "json.json", "--json"]);
  expect(r.code).toBe(0);
  const record = JSON.parse(r.stdout) as ReturnType<typeof f.record>;
  const byId = Object.fromEntries(record.monitors.map((m) => [m.id, m.beforeInProgress]));
  expect(byId).toEqual({ [theirs.id]: "maintenance-start", [written.id]: "other", [none.id]: undefined });
  for (const line of NOTE) expect(r.stderr).toContain(line);

  const ended = await f.run(["end", "--record", "json.json", "--json"]);
  expect(ended.code).toBe(0);
  const results = (JSON.parse(ended.stdout) as { monitors: { id: number; result: string; detail?: string }[] })
    .monitors;
  const theirsEnded = results.find((m) => m.id === theirs.id);
  expect(theirsEnded).toEqual({
    id: theirs.id,
    name: "json theirs",
    result: "cleared",
    detail: `its window at start, ${theirWindow[0]} to ${theirWindow[1]}, was another \`maintenance start\`'s: not given back`,
  });
  expect(results.find((m) => m.id === written.id)?.result).toBe("restored");
  expect(await windowOf(f.api, written.id)).toEqual([window.start, window.end]);
  expect(await windowOf(f.api, theirs.id)).toEqual([null, null]);
});
