/**
 * Reads that lag writes, under the real engine. The local server's stale-reads fault is on
 * throughout: for LAG ms after each write of the account, show and list answer as before
 * it (a monitor just stored is a 404 and missing from the list, one just changed shows its
 * old fields), as a lagging read replica would.
 *
 * 1. Lag 1,500 ms. `up` of 50 monitors, the answers of 5 of the stores lost (dropped after
 *    the write): the provider looks each up by name, often inside the window, where the
 *    list does not show it yet. The server counts the reads it answered inside a window, and
 *    the test asserts the `up` made some. Then `preview --expect-no-changes`.
 * 2. Lag 8,000 ms. A change to 20 monitors (`up`), then at once `preview
 *    --expect-no-changes` (the state `up` wrote, judged inside the lag). Another change to
 *    them (`up`), then at once `refresh`, and `preview --expect-no-changes` (a change of its
 *    own: a preview between would push the refresh past the window). This part lags longer because the engine itself takes
 *    2 to 5 s here to start a command: a refresh in a command of its own reads inside a
 *    window of 1.5 s only on a fast machine. The test checks that the refresh's first read
 *    came inside the window and that the server answered some of its reads from inside it,
 *    so it cannot pass without meeting the lag.
 * 3. `destroy`.
 * Every command succeeds; the server holds each monitor once (none duplicated) and none after
 * `destroy`; each state records what the server holds.
 *
 * Without the provider's waits (src/runtime/read-after-write.ts; tried once, on the commit
 * before them) step 2 fails: the refresh read the 20 changed monitors with their old URLs
 * and recorded them (`refresh` reported 20 updates; the preview after it would change them
 * back). Step 1 passed that time, but by luck of timing: each create whose answer was lost
 * stored again, was refused as "name taken" by its own first store and looked again, 8
 * refusals for the 5 lost answers before the list caught up (six tries each are allowed);
 * the check that each is stored again at most once fails on that. With a faster machine
 * the six tries fit inside the 1.5 s and the `up` fails, a monitor left unrecorded.
 *
 * RELIABILITY_STALE_MS and RELIABILITY_STALE_LONG_MS set the lags.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secs, summary, type E2EStack, type RunResult } from "../e2e/harness";
import {
  convergenceProblems,
  errorLines,
  fleetSecrets,
  fleetStack,
  fleetUrl,
  serverFleet,
  startServer,
  withSettingOff,
  type RelServer,
} from "./support";

const LAG = Number(process.env.RELIABILITY_STALE_MS ?? 1500);
const LONG_LAG = Number(process.env.RELIABILITY_STALE_LONG_MS ?? 8000);
const COUNT = 50;
const CHANGED = 20;
const DROPPED = 5;
const PREFIX = "lagging";

describe(`reads lagging writes (${LAG} ms, then ${LONG_LAG} ms) under the engine`, () => {
  let srv: RelServer;
  let stack: E2EStack;
  /** Every request the server logged, with when (epoch ms). */
  const lines: { at: number; line: string }[] = [];

  beforeAll(async () => {
    srv = await startServer({ staleReadsMs: LAG, log: (line) => lines.push({ at: Date.now(), line }) });
    stack = await fleetStack(srv, fleetSecrets(), { count: COUNT, prefix: PREFIX });
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.server.close();
  });

  let lag = LAG;
  /** Runs `fn` with every write visible to reads (the test's own reads), then lags again. */
  const fresh = <T>(fn: () => Promise<T>) => withSettingOff((ms) => srv.server.setStaleReads(ms), lag, fn);

  /** What a command sent, and how soon after the last write before it it first read. */
  interface Timed {
    run: RunResult;
    /** "12× POST /api/v1/monitors 201, …" */
    counts: Record<string, number>;
    /** Ms from the last write before the command to its first GET; undefined without either. */
    firstReadAfterWrite?: number;
    /** Reads the server answered inside a lag window (as a lagging replica) during the command. */
    readsInWindow: number;
  }

  /** Runs `command` and prints its result, what it sent, and how soon after the last write it first read. */
  async function timed(what: string, command: () => Promise<RunResult>): Promise<Timed> {
    const from = lines.length;
    const laggedBefore = srv.server.staleReadsServed();
    const lastWrite = [...lines].reverse().find((l) => /^(POST|PATCH|PUT|DELETE) /.test(l.line))?.at;
    const run = await command();
    const readsInWindow = srv.server.staleReadsServed() - laggedBefore;
    const mine = lines.slice(from);
    const counts: Record<string, number> = {};
    for (const l of mine) {
      const k = l.line.replace(/ \d+ms.*$/, "").replace(/\/\d+ /, "/{id} ");
      counts[k] = (counts[k] ?? 0) + 1;
    }
    const firstRead = mine.find((l) => l.line.startsWith("GET /api/v1/monitors"))?.at;
    const firstReadAfterWrite = lastWrite && firstRead ? firstRead - lastWrite : undefined;
    console.log(
      `${what}: exit ${run.code}, ${secs(run.ms)}; ${JSON.stringify(summary(run.output))}; ` +
        `requests: ${Object.entries(counts)
          .map(([k, v]) => `${v}× ${k}`)
          .join(", ")}` +
        (firstReadAfterWrite === undefined ? "" : `; first read ${firstReadAfterWrite} ms after the last write`) +
        `; ${readsInWindow} reads answered inside the lag window` +
        (run.code === 0 ? "" : `\n${[...new Set(errorLines(run))].slice(0, 10).join("\n")}`),
    );
    return { run, counts, firstReadAfterWrite, readsInWindow };
  }

  it(`lag ${LAG} ms: up of ${COUNT} (reading inside the lag), ${DROPPED} stores' answers lost, then preview --expect-no-changes`, async () => {
    srv.server.setFaults({ rate: 1, kinds: ["drop-after"], methods: ["POST"], limit: DROPPED });
    const up = await timed("up (create)", () => stack.up());
    srv.server.setFaults(undefined);
    expect(up.run.code, up.run.output).toBe(0);
    expect(summary(up.run.output)).toMatchObject({ create: COUNT + 1 });
    expect(up.counts["POST /api/v1/monitors dropped"]).toBe(DROPPED);
    // The lookups after the lost answers met the lag: some reads were answered from inside it.
    expect(up.readsInWindow, "no read of the up came inside the lag window: it tested nothing").toBeGreaterThan(0);
    // A lookup that met the lag missed its monitor, and the store sent again was refused by
    // the first (a 422). How many met it depends on how soon the engine's client, busy with
    // the other stores, sends the lookup (in three runs here: 8, 5 and 2 of the 5), so it is
    // printed, not asserted. But each was sent again at most once: refused as "name taken",
    // the provider waits for the list to show its monitor rather than storing again.
    expect(up.counts["POST /api/v1/monitors 422"] ?? 0).toBeLessThanOrEqual(DROPPED);
    const preview = await timed("preview --expect-no-changes", () => stack.preview(["--expect-no-changes"]));
    expect(preview.run.code, preview.run.output).toBe(0);
    expect(await fresh(() => convergenceProblems(srv, stack, PREFIX, COUNT))).toEqual([]);
  });

  /** `up` of a change to the first CHANGED monitors' URL path, which must update exactly those. */
  async function changeUrls(path: string): Promise<void> {
    await stack.setConfig("fleet:urlPath", path);
    await stack.setConfig("fleet:urlPathFirst", String(CHANGED));
    const up = await timed(`up (change to ${path})`, () => stack.up());
    expect(up.run.code, up.run.output).toBe(0);
    expect(summary(up.run.output)).toEqual({ update: CHANGED, unchanged: COUNT + 1 - CHANGED });
  }

  it(`lag ${LONG_LAG} ms: a change to ${CHANGED}, then at once preview --expect-no-changes`, async () => {
    lag = LONG_LAG;
    srv.server.setStaleReads(lag);
    await changeUrls("v2");
    // What `up` recorded, judged at once, while the service's reads still lag it.
    const afterUp = await timed("preview --expect-no-changes (after up)", () => stack.preview(["--expect-no-changes"]));
    expect(afterUp.run.code, afterUp.run.output).toBe(0);
  });

  it(`lag ${LONG_LAG} ms: another change to ${CHANGED}, then at once refresh (reading inside the lag) records their new fields; preview --expect-no-changes`, async () => {
    // Its own change: a preview between the up and the refresh would push the refresh past the window.
    await changeUrls("v3");
    const refresh = await timed("refresh", () => stack.refresh());
    expect(refresh.run.code, refresh.run.output).toBe(0);
    // The refresh read inside the window: what it read first was still the old version.
    expect(
      refresh.firstReadAfterWrite,
      `the refresh started reading ${refresh.firstReadAfterWrite} ms after the last write, after the lag: it tested nothing`,
    ).toBeLessThan(LONG_LAG);
    expect(refresh.readsInWindow, "no read of the refresh was answered inside the lag window").toBeGreaterThan(0);
    expect(summary(refresh.run.output)).toEqual({ unchanged: COUNT + 1 });
    const preview = await timed("preview --expect-no-changes (after refresh)", () =>
      stack.preview(["--expect-no-changes"]),
    );
    expect(preview.run.code, preview.run.output).toBe(0);
    await fresh(async () => {
      expect(await convergenceProblems(srv, stack, PREFIX, COUNT)).toEqual([]);
      const wrong = (await srv.api.monitors())
        .filter((m) => m.name.startsWith(`${PREFIX} `))
        .filter((m) => {
          const i = Number(m.name.slice(PREFIX.length + 1));
          return m.url !== fleetUrl(i, i < CHANGED ? "v3" : "health");
        });
      expect(wrong).toEqual([]);
    });
  });

  it("destroy leaves none of them", async () => {
    const destroy = await timed("destroy", () => stack.destroy());
    expect(destroy.run.code, destroy.run.output).toBe(0);
    expect(await fresh(() => serverFleet(srv, PREFIX))).toEqual([]);
  });
});
