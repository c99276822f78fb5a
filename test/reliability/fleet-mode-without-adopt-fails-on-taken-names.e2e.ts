/**
 * What docs/fleet-mode.md says is not safe: monitors declared without `adopt`. A killed
 * fleet-mode run (PULUMI_SKIP_CHECKPOINTS=true) records nothing, so the monitors it stored
 * are on the server and unknown to state; the documented recovery steps then fail at
 * `up`, which refuses them as names already taken (and stops at the first), and those
 * monitors stay on the server unrecorded (orphans) until they are adopted or deleted by hand.
 *
 * The kill is set up as in fleet-mode-killed-run-converges.e2e.ts (held-kill.ts), on a new
 * stack of 40 monitors; k (3 to 26) and whether the held creates are then stored or dropped
 * come from the commit's seed (test/support/seed.ts; printed; FUZZ_SEED replays it).
 */
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../src/server/faults";
import { fuzzSeed, seedNote } from "../support/seed";
import { killUpAtHold } from "./held-kill";
import { runRecoverySteps } from "./recovery-steps";
import { FLEET_MODE, convergenceProblems, serverFleet, stateOf, withFleetStack } from "./support";

const COUNT = 40;
const PREFIX = "unadopted";
const PARALLEL = 8;
const { seed } = fuzzSeed();
const random = mulberry32(seed);

describe(`fleet mode without adopt: a killed up leaves monitors the next up refuses as names taken (${seedNote()})`, () => {
  const f = withFleetStack({ count: COUNT, prefix: PREFIX, env: FLEET_MODE });

  it("the recovery's up fails on names the killed run's monitors hold; they stay on the server, unrecorded", async () => {
    const { srv, stack } = f;
    const stored = 3 + Math.floor(random() * 24);
    const heldThen = random() < 0.5 ? ("handle" as const) : ("drop" as const);
    const kill = await killUpAtHold(srv, stack, { stored, jitterMs: 0, heldThen, parallel: PARALLEL, env: FLEET_MODE });
    expect(kill.ended.signal).toBe("SIGKILL");
    expect(kill.late).toEqual([]);
    const left = (await serverFleet(srv, PREFIX)).map((m) => m.name);
    expect(left).toHaveLength(stored + (heldThen === "handle" ? kill.inFlight : 0));
    expect((await stateOf(stack)).monitors).toEqual([]);

    const failure = await runRecoverySteps(stack).then(
      (log) => `recovered:\n${log.join("\n")}`,
      (e: Error) => e.message,
    );
    console.log(
      `without adopt (seed ${seed}: ${stored} creates answered, ${kill.inFlight} held then ${heldThen}): ${left.length} left on the server`,
    );
    expect(failure).toMatch(/pulumi up --yes: exit [1-9]/);
    // The engine stops starting steps at the first error, so not every one need be named.
    const refused = [...failure.matchAll(/a monitor named "([^"]+)" already exists in this account/g)].map((m) => m[1]);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter((name) => !left.includes(name))).toEqual([]);

    // The killed run's monitors stay on the server, once each, and state records none of them.
    const problems = await convergenceProblems(srv, stack, PREFIX, COUNT);
    expect(problems.filter((p) => p.startsWith("duplicate"))).toEqual([]);
    expect(
      problems
        .filter((p) => p.startsWith("orphan"))
        .map((p) => /"([^"]+)"/.exec(p)?.[1])
        .sort(),
    ).toEqual([...left].sort());
  });
});
