/**
 * Fleet mode (docs/fleet-mode.md): every command runs with PULUMI_SKIP_CHECKPOINTS=true,
 * so the engine writes state once, at the end of a run, and a killed run records nothing
 * of what it did. With the monitors declared `adopt: true`, the documented recovery steps
 * (recovery-steps.ts) converge anyway: afterwards the server holds every declared monitor
 * exactly once, with its declared URL, each recorded in state under its id, nothing on the
 * server that state does not record, nothing pending, `preview --expect-no-changes` clean,
 * and no secret in plaintext anywhere.
 *
 * The kill is set up, not raced for (held-kill.ts): `up` of 240 monitors with `--parallel 8`,
 * the server answering the first k creates and holding the rest, SIGKILL to the whole engine
 * once one is held. The test also checks what the recovery relies on, Pulumi 3.248's
 * behaviour with checkpoints skipped: after the kill, state is exactly what the last
 * completed run recorded (nothing of the killed run, nothing pending).
 *
 * Randomness widens what runs hit, from the commit's seed (test/support/seed.ts; printed;
 * FUZZ_SEED replays it):
 * - whether the stack is new (state records nothing) or a completed fleet-mode run first
 *   recorded 20 to 60 of the monitors, which the killed run also updates (a new URL), so
 *   that state after the kill is a stale snapshot of monitors the killed run changed;
 * - k, the creates answered before the hold: from 5 to (monitors to create) − 29, so that
 *   with at most 8 in flight at least 21 are never sent;
 * - a wait of up to 250 ms before the kill (more of the 8 slots fill with held creates);
 * - whether the held creates then commit with nobody to hear (more monitors on the server
 *   that state does not know) or are dropped unstored.
 */
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../src/server/faults";
import { type E2EStack } from "../e2e/harness";
import { fuzzSeed, seedNote } from "../support/seed";
import { killUpAtHold } from "./held-kill";
import { runRecoverySteps } from "./recovery-steps";
import { FLEET_MODE, convergenceProblems, needles, secretLeaks, serverFleet, stateOf, withFleetStack } from "./support";

const COUNT = 240;
const PREFIX = "fleet";
/** Engine steps at once: bounds the creates in flight, so that some are never sent. */
const PARALLEL = 8;
/** The URL path the killed run declares (the fixture's default is "health"). */
const URL_PATH = "v2";
const { seed } = fuzzSeed();
const random = mulberry32(seed);

/** What state records of the monitors, comparable across runs. */
async function recorded(stack: E2EStack): Promise<{ monitors: string[]; pending: number }> {
  const s = await stateOf(stack);
  return {
    monitors: s.monitors.map((r) => `${r.urn} id=${r.id} url=${String(r.outputs?.url)}`).sort(),
    pending: s.pending.length,
  };
}

describe(`fleet mode: an up of ${COUNT} monitors killed with SIGKILL converges by the documented steps (${seedNote()})`, () => {
  const f = withFleetStack({ count: COUNT, prefix: PREFIX, adopt: true, env: FLEET_MODE });
  let killedOutput = "";

  it("state keeps nothing of the killed run; cancel, refresh --clear-pending-creates, up: every monitor once, no orphan, no change left", async () => {
    const { srv, stack } = f;
    const prior = random() < 0.5 ? 0 : 20 + Math.floor(random() * 41);
    const stored = 5 + Math.floor(random() * (COUNT - prior - PARALLEL - 20 - 5));
    const jitterMs = Math.floor(random() * 250);
    const heldThen = random() < 0.5 ? ("handle" as const) : ("drop" as const);

    if (prior > 0) {
      await stack.setConfig("fleet:count", String(prior));
      const first = await stack.up();
      expect(first.code, first.output).toBe(0);
      await stack.setConfig("fleet:count", String(COUNT));
    }
    const before = await recorded(stack);
    expect(before.monitors).toHaveLength(prior);
    await stack.setConfig("fleet:urlPath", URL_PATH);

    const kill = await killUpAtHold(srv, stack, { stored, jitterMs, heldThen, parallel: PARALLEL, env: FLEET_MODE });
    killedOutput = kill.output;
    expect(kill.late, "requests after the kill: some engine process survived").toEqual([]);
    const onServer = await serverFleet(srv, PREFIX);
    const after = await recorded(stack);
    console.log(
      `fleet mode kill (seed ${seed}: ${prior ? `${prior} recorded by a completed run first` : "new stack"}, ${stored} creates answered, ` +
        `${kill.inFlight} held then ${heldThen === "handle" ? "stored" : "dropped"}, kill ${jitterMs} ms after the first was held): ` +
        `${kill.ended.signal ?? kill.ended.code}; server holds ${onServer.length}/${COUNT}; state records ${after.monitors.length}, ${after.pending} pending`,
    );
    expect(kill.ended.signal).toBe("SIGKILL");
    expect(kill.passed).toBe(stored);
    expect(kill.inFlight).toBeGreaterThanOrEqual(1);
    expect(kill.inFlight).toBeLessThanOrEqual(PARALLEL);
    expect(kill.creates).toBe(stored + kill.inFlight);
    expect(onServer.length).toBe(prior + stored + (heldThen === "handle" ? kill.inFlight : 0));
    expect(onServer.length).toBeLessThan(COUNT);
    // Checkpoints skipped: the killed run left state as the last completed run wrote it.
    expect(after).toEqual(before);

    console.log(`fleet mode recovery:\n  ${(await runRecoverySteps(stack)).join("\n  ")}`);
    expect(await convergenceProblems(srv, stack, PREFIX, COUNT, URL_PATH)).toEqual([]);
  });

  it("no secret in state, history, backups, engine output (the killed run's included) or error text", () => {
    expect(
      secretLeaks(f.stack, needles(f.srv, f.secrets), [{ name: "killed run output", text: killedOutput }]),
    ).toEqual([]);
  });
});
