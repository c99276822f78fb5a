/**
 * B10: four stacks share one account at the real service's limit, 120 requests a minute.
 * Each stack runs `up` of N monitors and then `destroy`, all four at once, once with every
 * stack paced at a quarter of the limit (`uptime:requestsPerMinute` 30) and once without
 * pacing (the client then meets 429s and waits out Retry-After), in one run, each side on a
 * fresh server. Reported per side: total time (first `up` started to last `destroy` ended)
 * against its floor (the requests the server accepted ÷ 120 a minute: no schedule can do
 * that work faster), 429s answered, failed commands, and what the server holds after
 * `up` (exactly 4 × N, none duplicated) and after `destroy` (none).
 *
 * `BENCH_SHARED_COUNT` (default 100) is N; at 100 a side takes about 7 minutes.
 */
import { ratio, secs } from "./lib/common";
import { SMOKE, sized } from "./lib/smoke";
import { BenchStack, buildFixture } from "./lib/pulumi";
import { resultsSection } from "./lib/results-section";
import { ChildServer, monitorNames } from "./lib/server";

/** Four stacks (two in smoke mode, to halve the engines it starts at once). */
const STACKS = SMOKE ? 2 : 4;
const LIMIT = 120;
const SHARE = LIMIT / STACKS;

/** One side of B10. */
export interface B10Side {
  paced: boolean;
  count: number;
  totalMs: number;
  upMs: number;
  destroyMs: number;
  /** Requests the server accepted (not 429). */
  accepted: number;
  refused429: number;
  floorMs: number;
  /** Commands (of 2 × STACKS) that exited non-zero, with their last error line. */
  failures: string[];
  /** Monitors of the four prefixes on the server after `up`, and how many names appeared twice. */
  afterUp: number;
  duplicates: number;
  afterDestroy: number;
}

async function side(paced: boolean, count: number): Promise<B10Side> {
  const server = await ChildServer.start({ rateLimitPerMinute: LIMIT });
  const prefixes = Array.from({ length: STACKS }, (_, i) => `${paced ? "paced" : "unpaced"}${i}`);
  const stacks = await Promise.all(
    prefixes.map((prefix) =>
      BenchStack.create("monitors", {
        "uptime:baseUrl": server.url,
        "uptime:apiKey": { value: server.apiKey, secret: true },
        ...(paced ? { "uptime:requestsPerMinute": String(SHARE) } : {}),
        "bench:count": String(count),
        "bench:prefix": prefix,
      }),
    ),
  );
  const failures: string[] = [];
  const note = (what: string, r: { code: number; stdout: string; stderr: string }, i: number) => {
    if (r.code !== 0)
      failures.push(
        `${prefixes[i]} ${what}: ${
          (r.stdout + r.stderr)
            .split("\n")
            .filter((l) => /error/i.test(l))
            .slice(-1)[0]
            ?.trim() ?? `exit ${r.code}`
        }`,
      );
  };
  try {
    await server.reset();
    const started = Date.now();
    (await Promise.all(stacks.map((s) => s.up()))).forEach((r, i) => note("up", r, i));
    const upMs = Date.now() - started;
    const timelineUp = await server.timeline();
    // The reads of the bench are not the stacks' work: lift the limit for them, then put it back.
    await server.setRateLimit(undefined);
    const names = (await monitorNames(server)).filter((n) => prefixes.some((p) => n.startsWith(`${p} `)));
    await server.setRateLimit(LIMIT);
    await server.reset();
    const destroyStarted = Date.now();
    (await Promise.all(stacks.map((s) => s.destroy()))).forEach((r, i) => note("destroy", r, i));
    const destroyMs = Date.now() - destroyStarted;
    const totalMs = Date.now() - started;
    const timeline = [...timelineUp, ...(await server.timeline())];
    await server.setRateLimit(undefined);
    const left = (await monitorNames(server)).filter((n) => prefixes.some((p) => n.startsWith(`${p} `)));
    const accepted = timeline.filter((r) => r.status !== 429).length;
    const s: B10Side = {
      paced,
      count,
      totalMs,
      upMs,
      destroyMs,
      accepted,
      refused429: timeline.length - accepted,
      floorMs: (accepted * 60_000) / LIMIT,
      failures,
      afterUp: names.length,
      duplicates: names.length - new Set(names).size,
      afterDestroy: left.length,
    };
    console.log(
      `B10 ${paced ? `paced ${SHARE}/min each` : "unpaced"}: ${STACKS}×${count} up + destroy in ${secs(totalMs)} (up ${secs(upMs)}, destroy ${secs(destroyMs)}); ` +
        `${accepted} accepted, ${s.refused429} answered 429; floor ${secs(s.floorMs)}; total / floor = ${ratio(totalMs, s.floorMs)}; ` +
        `failed commands ${failures.length}; on the server after up ${names.length} (${s.duplicates} duplicated), after destroy ${left.length}`,
    );
    for (const f of failures) console.log(`  ${f}`);
    return s;
  } finally {
    for (const s of stacks) s.dispose();
    await server.close();
  }
}

/** Both sides, paced first, in one run. */
export async function b10(count = sized("BENCH_SHARED_COUNT", 100, 2)): Promise<B10Side[]> {
  await buildFixture("monitors");
  return [await side(true, count), await side(false, count)];
}

/** The B10 section of bench/RESULTS.md. */
export function b10Section(sides: B10Side[], date: string): string {
  const row = (s: B10Side) =>
    `| ${s.paced ? `paced, \`requestsPerMinute\` ${SHARE} each` : "not paced"} | ${secs(s.totalMs)} (up ${secs(s.upMs)}, destroy ${secs(s.destroyMs)}) | ${s.accepted} | ${secs(s.floorMs)} | **${ratio(s.totalMs, s.floorMs)}** | ${s.refused429} | ${s.failures.length} of ${2 * STACKS} | ${s.afterUp} (${s.duplicates} twice) / ${s.afterDestroy} |`;
  const failed = sides.flatMap((s) => s.failures.map((f) => `  - ${s.paced ? "paced" : "not paced"}: ${f}`));
  return `## B10: ${STACKS === 4 ? "four" : STACKS} stacks share one account at ${LIMIT} requests a minute (${date})

${STACKS} stacks of ${sides[0].count} monitors each run \`up\` and then \`destroy\` at once against one account limited to ${LIMIT} requests a minute (the local server's fixed 60-second window, as the real service counts); both sides in one run, each on a fresh server.

| Side | Total time | Requests accepted | Floor (accepted ÷ ${LIMIT}/min) | Total ÷ floor | 429s | Failed commands | Monitors after up / after destroy |
|---|---|---|---|---|---|---|---|
${sides.map(row).join("\n")}

The floor is not a lower bound under a fixed window: a burst up to the limit at each window's start is never refused and the last window is partly used, so a side can finish under it (B4 says the same of one stack). Unpaced, the stacks run into the limit each window and wait out Retry-After together (the client's rate gate holds every request of a process at once, so few requests are refused); paced, each stack spends its quarter evenly and the account never reaches the limit. Between \`up\` and \`destroy\` the bench lifts the limit to read the server, which starts \`destroy\` in a fresh window on both sides.
${failed.length ? `\nFailed commands:\n\n${failed.join("\n")}\n` : ""}`;
}

const section = resultsSection("B10");

/** The B10 section with its markers, as bench/RESULTS.md holds it (`npm run bench` keeps it). */
export const b10Blocks = section.blocks;

if (require.main === module) section.runMain(b10, (sides) => b10Section(sides, new Date().toISOString().slice(0, 10)));
