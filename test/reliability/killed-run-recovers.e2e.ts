/**
 * A killed run: SIGKILL to the engine's whole process group (the CLI, the language host,
 * the program and the provider) in the middle of `up` of 30 monitors, while creates are in
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
 * Every request is slowed by 300 ms (the server's delay fault) so that the kill lands with
 * creates in flight; the moment varies (after 4 to 21 stores, plus up to 250 ms), so runs
 * hit different states: pending creates recorded or not yet, a checkpoint half written.
 * RELIABILITY_KILLS=n repeats kill-and-recover n times (the soak).
 */
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { secs, type E2EStack, type RunResult } from "../e2e/harness";
import {
  convergenceProblems, fleetSecrets, fleetStack, needles, secretLeaks, serverFleet, spawnDetached, startServer, stackFlags,
  stateOf, waitFor, type FleetSecrets, type RelServer,
} from "./support";

const COUNT = 30;
const PREFIX = "killed";
const KILLS = Math.max(1, Number(process.env.RELIABILITY_KILLS ?? 1));
const SLOW = { rate: 1, kinds: ["delay" as const], delayMs: 300 };

/** A file backend's symptom of a kill during the write of a stack's metadata (docs/recovery.md). */
const EOF = /failed to load checkpoint: EOF|^error: EOF$/m;

describe("an up killed with SIGKILL recovers by the documented steps", () => {
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
      srv.server.setFaults(SLOW);
      const from = srv.server.requests.length;
      const posts = () => srv.server.requests.slice(from).filter((r) => r.method === "POST");
      const run = spawnDetached(stack, ["up", "--yes", "--skip-preview", "--suppress-progress", ...stackFlags(stack)]);
      // Kill once some creates are done and others are in flight (status 0: not answered yet).
      const after = 4 + Math.floor(Math.random() * 18);
      const jitterMs = Math.floor(Math.random() * 250);
      await waitFor(() => posts().filter((r) => r.status === 201).length >= after && posts().some((r) => r.status === 0), 120_000, "creates in flight");
      await new Promise((r) => setTimeout(r, jitterMs));
      run.killGroup();
      const ended = await run.done;
      killedOutputs.push({ name: `killed run #${round} output`, text: run.output() });
      // The creates the server had received commit after the engine died; then nothing more arrives.
      await waitFor(() => srv.server.requests.slice(from).every((r) => r.status !== 0), 10_000, "the server to finish what it received");
      const settled = srv.server.requests.length;
      await new Promise((r) => setTimeout(r, 1500));
      expect(srv.server.requests.length - settled, "requests after the kill: some engine process survived").toBe(0);
      srv.server.setFaults(undefined);

      const onServer = await serverFleet(srv, PREFIX);
      const before = await stateOf(stack).catch((e: Error) => ({ error: e.message.split("\n").find((l) => /error/.test(l)) ?? e.message }));
      const situation =
        "error" in before
          ? `state unreadable (${before.error})`
          : `state records ${before.monitors.length} monitors, ${before.pending.length} pending creates, ` +
            `${onServer.filter((m) => !before.monitors.some((r) => Number(r.id) === m.id)).length} on the server not recorded as resources`;
      console.log(`kill #${round} (aimed after ${after} stores + ${jitterMs} ms): ${ended.signal ?? ended.code} after ${posts().filter((r) => r.status === 201).length} stores; server holds ${onServer.length}/${COUNT}; ${situation}`);
      expect(ended.signal).toBe("SIGKILL");
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
