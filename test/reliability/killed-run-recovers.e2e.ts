/**
 * A killed run: SIGKILL to the whole engine (the CLI, the language host, the program and
 * the provider, each plugin in its own process group) in the middle of `up` of 30 monitors, while creates are in
 * flight. Then exactly the recovery steps of docs/recovery.md ("Recovering from an
 * interrupted run"):
 *   1. pulumi cancel --yes
 *   2. pulumi refresh --clear-pending-creates --yes
 *   3. pulumi up --yes                      (the monitors are declared with adopt: true)
 *   4. pulumi preview --expect-no-changes
 * and, with a file backend, when a step fails with `failed to load checkpoint: EOF`:
 * delete the empty `*.attrs` files under .pulumi/stacks/<project> and run the step again.
 * Afterwards the server holds the 30 monitors, each once, each recorded in state under its
 * id, nothing pending (no duplicate, no orphan), and no secret is in plaintext anywhere.
 *
 * The moment of the kill is set up, not raced for: the server answers the first k creates
 * and then holds every later one (received, unhandled: `UptimeServer.hold`), and `up` runs
 * with `--parallel 8`, so at the kill k creates are answered, 1 to 8 are in flight and the
 * rest (at least 30 - k - 8 > 0) were never sent. Randomness widens what runs hit, from a
 * printed seed (RELIABILITY_SEED replays it): k (4 to 21), a wait of up to 250 ms before the
 * kill (so it lands in different checkpoint writes: pending creates recorded or not yet, a
 * checkpoint half written), and whether the held creates then commit with nobody to hear
 * the answer (orphans on the server) or are dropped unstored.
 * RELIABILITY_KILLS=n repeats kill-and-recover n times (the soak).
 */
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "../../src/server/faults";
import { secs, type E2EStack, type RunResult } from "../e2e/harness";
import {
  allExited, convergenceProblems, fleetSecrets, fleetStack, needles, secretLeaks, serverFleet, spawnDetached, startServer, stackFlags,
  stateOf, waitFor, type Detached, type FleetSecrets, type RelServer,
} from "./support";

const COUNT = 30;
const PREFIX = "killed";
const KILLS = Math.max(1, Number(process.env.RELIABILITY_KILLS ?? 1));
/** Engine steps at once: bounds the creates in flight, so that some are never sent. */
const PARALLEL = 8;
const seed = Number(process.env.RELIABILITY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const random = mulberry32(seed);

/** A file backend's symptom of a kill during the write of a stack's metadata (docs/recovery.md). */
const EOF = /failed to load checkpoint: EOF|^error: EOF$/m;

describe(`an up killed with SIGKILL recovers by the documented steps (seed ${seed})`, () => {
  let srv: RelServer;
  let secrets: FleetSecrets;
  let stack: E2EStack;
  const killedOutputs: { name: string; text: string }[] = [];

  beforeAll(async () => {
    srv = await startServer();
    secrets = fleetSecrets();
    stack = await fleetStack(srv, secrets, { count: COUNT, prefix: PREFIX, adopt: true });
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.server.close();
  });

  /** Deletes the empty metadata files of the stack's project in the file backend (docs/recovery.md). */
  function deleteEmptyAttrs(): string[] {
    const dir = join(stack.backendDir, ".pulumi", "stacks", "reliability-fleet");
    const removed: string[] = [];
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (f.endsWith(".attrs") && statSync(p).size === 0) {
        rmSync(p);
        removed.push(f);
      }
    }
    return removed;
  }

  /** Runs one recovery step; on the file backend's EOF, applies the documented fix and runs it again. */
  async function step(name: string, run: () => Promise<RunResult>, log: string[]): Promise<RunResult> {
    let r = await run();
    if (r.code !== 0 && EOF.test(r.output)) {
      const removed = deleteEmptyAttrs();
      log.push(`${name}: failed with EOF; deleted empty ${removed.join(", ") || "(none)"}; ran it again`);
      r = await run();
    }
    log.push(`${name}: exit ${r.code} (${secs(r.ms)})`);
    return r;
  }

  for (let round = 1; round <= KILLS; round++) {
    it(`kill #${round}: SIGKILL in the middle of up, then cancel, refresh --clear-pending-creates, up: ${COUNT} monitors, no duplicate, no orphan`, async () => {
      if (round > 1) {
        // Start from nothing again.
        expect((await stack.destroy()).code).toBe(0);
        expect(await serverFleet(srv, PREFIX)).toEqual([]);
      }
      const stored = 4 + Math.floor(random() * 18);
      const jitterMs = Math.floor(random() * 250);
      const heldThen = random() < 0.5 ? ("handle" as const) : ("drop" as const);
      const from = srv.server.requests.length;
      const posts = () => srv.server.requests.slice(from).filter((r) => r.method === "POST" && r.path === "/api/v1/monitors");
      const hold = srv.server.hold({ methods: ["POST"], path: /^\/api\/v1\/monitors$/, after: stored });
      let inFlight = 0;
      let ended: Awaited<Detached["done"]> | undefined;
      try {
        const run = spawnDetached(stack, ["up", "--yes", "--skip-preview", "--suppress-progress", "--parallel", String(PARALLEL), ...stackFlags(stack)]);
        // k creates answered and at least one in flight: nothing moves past the hold now.
        await hold.waitHeld(1);
        await new Promise((r) => setTimeout(r, jitterMs));
        const killed = run.killEngine();
        ended = await run.done;
        killedOutputs.push({ name: `killed run #${round} output`, text: run.output() });
        await allExited(killed);
        // Every request the engine had sent before it died has now been read: a request still in
        // the socket's buffer at the kill reaches the hold like the others, never after it.
        await srv.server.connectionsClosed();
        inFlight = hold.held();
        // The held creates commit (or are dropped) with nobody left to hear the answer.
        await hold.release(heldThen);
      } finally {
        // A failed step above must not leave a hold that would keep a later round's creates.
        await hold.release("drop");
      }
      // The k creates let through may still be committing: wait for their answers (only the
      // dropped held ones stay unanswered), not for a length of time.
      const unanswered = heldThen === "drop" ? inFlight : 0;
      await waitFor(() => posts().filter((r) => r.status === 0).length <= unanswered, 30_000, "the creates let through to be answered");
      const settled = srv.server.requests.length;
      await new Promise((r) => setTimeout(r, 1500));
      expect(srv.server.requests.slice(settled).map((r) => `${r.method} ${r.path} ${r.status}`), "requests after the kill: some engine process survived").toEqual([]);

      const onServer = await serverFleet(srv, PREFIX);
      const before = await stateOf(stack).catch((e: Error) => ({ error: e.message.split("\n").find((l) => /error/.test(l)) ?? e.message }));
      const situation =
        "error" in before
          ? `state unreadable (${before.error})`
          : `state records ${before.monitors.length} monitors, ${before.pending.length} pending creates, ` +
            `${onServer.filter((m) => !before.monitors.some((r) => Number(r.id) === m.id)).length} on the server not recorded as resources`;
      console.log(
        `kill #${round} (seed ${seed}: ${stored} stores answered, ${inFlight} held then ${heldThen === "handle" ? "stored" : "dropped"}, ` +
          `kill ${jitterMs} ms after the first was held): ${ended?.signal ?? ended?.code}; server holds ${onServer.length}/${COUNT}; ${situation}`,
      );
      expect(ended?.signal).toBe("SIGKILL");
      expect(hold.passed()).toBe(stored);
      expect(inFlight).toBeGreaterThanOrEqual(1);
      expect(inFlight).toBeLessThanOrEqual(PARALLEL);
      // Exactly the answered and the held creates arrived, and the server holds the answered
      // ones plus the held ones when they were handled; the rest were never sent.
      expect(posts().length).toBe(stored + inFlight);
      expect(onServer.length).toBe(stored + (heldThen === "handle" ? inFlight : 0));
      expect(onServer.length).toBeLessThan(COUNT);

      // The documented steps, in order.
      const log: string[] = [];
      const cancel = await step("pulumi cancel --yes", () => stack.run(["cancel", "--yes", "--stack", stack.stack, "--non-interactive"]), log);
      expect(cancel.code, cancel.output).toBe(0);
      const refresh = await step("pulumi refresh --clear-pending-creates --yes", () => stack.refresh(["--clear-pending-creates"]), log);
      expect(refresh.code, refresh.output).toBe(0);
      const up = await step("pulumi up --yes", () => stack.up(), log);
      expect(up.code, up.output).toBe(0);
      const preview = await step("pulumi preview --expect-no-changes", () => stack.preview(["--expect-no-changes"]), log);
      console.log(`kill #${round} recovery:\n  ${log.join("\n  ")}`);
      expect(preview.code, preview.output).toBe(0);

      expect(await convergenceProblems(srv, stack, PREFIX, COUNT)).toEqual([]);
    });
  }

  it("no secret in state, history, backups, engine output (the killed runs' included) or error text", () => {
    expect(secretLeaks(stack, needles(srv, secrets), killedOutputs)).toEqual([]);
  });
});
