/**
 * Four stacks of 100 monitors each, `up` and then `destroy` all at once, against ONE account
 * of a server that allows 1,200 requests a minute (the real service's 120, ten times faster
 * so that the test stays short), each stack with `uptime:requestsPerMinute` at a quarter of
 * it (300). Every command succeeds; the server holds exactly each stack's monitors after
 * `up` (none lost, none duplicated, every one recorded in its stack's state) and none after
 * `destroy`; the server answers no 429 at all.
 *
 * That no 429 came could also be luck of timing, so the test shows the pacing itself: the
 * DELETEs of `destroy` name monitor ids, which say which stack sent each, and each stack's
 * DELETEs arrive spaced as 300 a minute allows (an unpaced `destroy` sends them together).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { E2EStack } from "../e2e/harness";
import { PACING_MARGIN } from "../../src/client/pacer";
import { arrivalLog, sortedGaps } from "../support/arrivals";
import {
  convergenceProblems,
  errorLines,
  fleetSecrets,
  fleetStack,
  serverFleet,
  startServer,
  stateOf,
  withSettingOff,
  type RelServer,
} from "./support";

const STACKS = 4;
const COUNT = 100;
const LIMIT = 1200;
const SHARE = LIMIT / STACKS;
/** The spacing the pacer keeps between two requests of one stack. */
const SPACING_MS = (60_000 / SHARE) * PACING_MARGIN;

describe(`${STACKS} stacks of ${COUNT} monitors at once, one account limited to ${LIMIT}/min, each paced at ${SHARE}/min`, () => {
  let srv: RelServer;
  const { log, arrivals } = arrivalLog();
  const stacks: { prefix: string; stack: E2EStack }[] = [];

  beforeAll(async () => {
    srv = await startServer({ rateLimitPerMinute: LIMIT, log });
    const secrets = fleetSecrets();
    const prefixes = Array.from({ length: STACKS }, (_, i) => `paced${i}`);
    const config = { "uptime:requestsPerMinute": String(SHARE) };
    const created = await Promise.all(
      prefixes.map((prefix) => fleetStack(srv, secrets, { count: COUNT, prefix, config })),
    );
    stacks.push(...created.map((stack, i) => ({ prefix: prefixes[i], stack })));
  });
  afterAll(async () => {
    for (const s of stacks) s.stack.dispose();
    await srv?.server.close();
  });

  /** Runs `command` on every stack at once; fails naming each stack whose command failed. */
  async function allAtOnce(command: "up" | "destroy"): Promise<number> {
    const started = Date.now();
    const results = await Promise.all(stacks.map((s) => s.stack[command]()));
    const failed = results.flatMap((r, i) =>
      r.code === 0 ? [] : [`${stacks[i].prefix}: ${command} exit ${r.code}: ${errorLines(r).slice(0, 5).join(" | ")}`],
    );
    expect(failed).toEqual([]);
    return Date.now() - started;
  }

  /** Reads the server with its limit lifted (these reads are the test's, not the stacks'), then puts it back. */
  const unlimited = <T>(fn: () => Promise<T>) => withSettingOff((v) => srv.server.setRateLimit(v), LIMIT, fn);

  it("every up and destroy succeeds, nothing is lost or duplicated, and the server answers no 429", async () => {
    const upMs = await allAtOnce("up");
    const upRequests = arrivals.length;
    const problems = await unlimited(async () =>
      (await Promise.all(stacks.map((s) => convergenceProblems(srv, s.stack, s.prefix, COUNT)))).flat(),
    );
    expect(problems).toEqual([]);

    // Which stack owns which id, to attribute each DELETE of `destroy` to its stack.
    const owner = new Map<number, string>();
    await unlimited(async () => {
      for (const s of stacks) for (const m of await serverFleet(srv, s.prefix)) owner.set(m.id, s.prefix);
    });
    const fromDestroy = arrivals.length;

    const destroyMs = await allAtOnce("destroy");
    const left = await unlimited(async () => (await Promise.all(stacks.map((s) => serverFleet(srv, s.prefix)))).flat());
    expect(left).toEqual([]);
    for (const s of stacks) expect((await stateOf(s.stack)).monitors).toEqual([]);

    const refused = arrivals.filter((a) => a.status === 429);
    console.log(
      `${STACKS}×${COUNT} paced at ${SHARE}/min against ${LIMIT}/min: up ${(upMs / 1000).toFixed(1)} s (${upRequests} requests), ` +
        `destroy ${(destroyMs / 1000).toFixed(1)} s (${arrivals.length - fromDestroy} requests), ${refused.length} answered 429`,
    );
    expect(refused.map((a) => `${a.method} ${a.path}`)).toEqual([]);

    // Each stack's DELETEs, in order of arrival: spaced by its pacer, whatever the other stacks send.
    const deletes = arrivals.slice(fromDestroy).filter((a) => a.method === "DELETE");
    expect(deletes).toHaveLength(STACKS * COUNT);
    for (const s of stacks) {
      const times = deletes.filter((d) => owner.get(Number(d.path.split("/").pop())) === s.prefix).map((d) => d.at);
      expect(times).toHaveLength(COUNT);
      const gaps = sortedGaps(times);
      // The median gap is the pacer's spacing (arrival jitter moves single gaps, not the median).
      expect(gaps[Math.floor(gaps.length / 2)], `${s.prefix}: median gap between DELETEs`).toBeGreaterThanOrEqual(
        SPACING_MS * 0.9,
      );
      // And the whole destroy took at least COUNT-1 spacings (the GET of check, if any, came before).
      expect(Math.max(...times) - Math.min(...times), `${s.prefix}: span of its DELETEs`).toBeGreaterThanOrEqual(
        (COUNT - 1) * SPACING_MS * 0.95,
      );
    }
  });
});
