/**
 * The schedule, on a clock the test moves: a new monitor is checked at once; the next
 * check is due one interval (divided by the time scale) after the previous one was due,
 * not after it ran, so lateness does not push the schedule back; a schedule that fell a
 * whole interval behind starts again from now. The checker never looks at the wall clock,
 * so these assertions do not depend on how fast anything runs: each waits for the
 * check event it expects, and an early check would carry a start time before the move.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { createMonitor } from "../../support/api";
import { eventually } from "../../support/eventually";
import { startCheckingServer, type UptimeServer } from "../../support/server";
import { startTarget, type Target } from "../../support/targets";
import type { CheckEvent } from "../../../src/server";

const T0 = Date.parse("2024-06-01T12:00:00Z");
let clock = T0;
let clockReads = 0;
const events: CheckEvent[] = [];
let server: UptimeServer;
let target: Target;
beforeAll(async () => {
  server = await startCheckingServer({
    now: () => {
      clockReads++;
      return clock;
    },
    // 180 s interval at a time scale of 3: one check every 60 s of the clock.
    checks: { schedule: true, timeScale: 3, tickMs: 20, onCheck: (e) => events.push(e) },
  });
  target = await startTarget();
});
afterAll(async () => {
  await server.close();
  await target.close();
});

/** Lets the schedule run several times at the current clock. */
async function letTicksPass(): Promise<void> {
  const from = clockReads;
  await eventually("the schedule to look again", () => clockReads >= from + 10);
}

test("checked at once, then every interval / timeScale of the clock, on the original grid", async () => {
  const m = await createMonitor(server, { url: `${target.url}/`, interval: 180 });
  const mine = () => events.filter((e) => e.monitorId === m.id);
  await eventually("the first check", () => mine().length === 1);
  expect(mine()[0]).toMatchObject({ dueAt: T0, outcome: "recorded", up: true });

  /** Moves the clock to `at` and lets the schedule look several times: still `count` checks. */
  const noCheckAt = async (at: number, count: number) => {
    clock = at;
    await letTicksPass();
    expect(mine()).toHaveLength(count);
  };
  /** Moves the clock to `at` and waits for check number `count`, which it returns. */
  const checkAt = async (at: number, count: number) => {
    clock = at;
    await eventually(`check ${count}`, () => mine().length === count);
    return mine()[count - 1];
  };

  // 59 s later nothing is due yet.
  await noCheckAt(T0 + 59_000, 1);

  // 75 s: due since 60 s; checked late, but the grid stays at T0 + n·60 s.
  const late = await checkAt(T0 + 75_000, 2);
  expect(late).toMatchObject({ dueAt: T0 + 60_000 });
  expect(late.startedAt).toBe(T0 + 75_000);

  await noCheckAt(T0 + 119_000, 2);
  expect((await checkAt(T0 + 120_000, 3)).dueAt).toBe(T0 + 120_000);

  // A whole interval behind (the server was stopped, say): due now, then every 60 s from now.
  expect((await checkAt(T0 + 500_000, 4)).dueAt).toBe(T0 + 180_000);
  await noCheckAt(T0 + 559_000, 4);
  expect((await checkAt(T0 + 560_000, 5)).dueAt).toBe(T0 + 560_000);
  expect(target.requests).toHaveLength(5);
});

test("a round in between resets the grid to the round's time", async () => {
  const before = events.length;
  clock = T0 + 570_000;
  await server.runChecks();
  const last = events.slice(before).at(-1)!;
  expect(last.dueAt).toBe(T0 + 570_000);
  clock = T0 + 629_000;
  await letTicksPass();
  expect(events.length).toBe(before + 1);
  clock = T0 + 630_000;
  await eventually("the scheduled check after the round", () => events.length === before + 2);
});
