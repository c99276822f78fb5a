/**
 * A SIGKILL of `pulumi up` at a moment the local server sets up rather than after a timer,
 * so that what is in flight at the kill does not depend on the machine's speed: the server
 * answers the first `stored` creates and holds every later one (`UptimeServer.hold`), the
 * run is killed once at least one create is held, and the held creates are then stored
 * or dropped with nobody left to hear the answer. With `--parallel p` at most p creates
 * are in flight at the kill and the rest are never sent, whatever the machine's speed.
 */
import { type E2EStack } from "../e2e/harness";
import { allExited, spawnDetached, stackFlags, type Detached, type RelServer } from "./support";
import { eventually } from "../support/eventually";

/** How {@link killUpAtHold} sets up the kill. */
export interface HeldKillOptions {
  /** Creates answered before the hold takes every later one. */
  stored: number;
  /** Wait between the first held create and the kill (more of the engine's slots fill with held creates). */
  jitterMs: number;
  /** After the kill, the held creates are stored (orphans on the server) or dropped unstored. */
  heldThen: "handle" | "drop";
  /** The killed `up`'s `--parallel`: bounds the creates in flight. */
  parallel: number;
  /** Environment of the killed run beyond the harness's (e.g. fleet mode). */
  env?: Record<string, string>;
}

/** What the killed run did, as the server saw it. */
export interface HeldKill {
  /** How the CLI ended: `signal` is "SIGKILL" when the kill, not the run, ended it. */
  ended: Awaited<Detached["done"]>;
  /** The killed run's output, for the secrets scan. */
  output: string;
  /** Creates the hold let through (answered). */
  passed: number;
  /** Creates held at the kill: received, never answered to the engine. */
  inFlight: number;
  /** Every create (POST /api/v1/monitors) of the killed run the server received. */
  creates: number;
  /** Requests that reached the server after the kill's creates settled: [] unless an engine process survived. */
  late: string[];
}

const CREATE = /^\/api\/v1\/monitors$/;

/** Runs `up` of `stack` and kills the whole engine at the moment `o` sets up; see the module comment. */
export async function killUpAtHold(srv: RelServer, stack: E2EStack, o: HeldKillOptions): Promise<HeldKill> {
  const from = srv.server.requests.length;
  const creates = () => srv.server.requests.slice(from).filter((r) => r.method === "POST" && CREATE.test(r.path));
  const hold = srv.server.hold({ methods: ["POST"], path: CREATE, after: o.stored });
  let inFlight: number;
  let ended: HeldKill["ended"];
  let output: string;
  try {
    const run = spawnDetached(
      stack,
      ["up", "--yes", "--skip-preview", "--suppress-progress", "--parallel", String(o.parallel), ...stackFlags(stack)],
      o.env,
    );
    // `stored` creates answered and at least one in flight: nothing moves past the hold now.
    // A run that ends first (a broken fixture) fails here with its output, not at a timeout.
    await Promise.race([
      hold.waitHeld(1),
      run.done.then(() => Promise.reject(new Error(`up ended before a create was held:\n${run.output()}`))),
    ]);
    await new Promise((r) => setTimeout(r, o.jitterMs));
    const killed = run.killEngine();
    ended = await run.done;
    output = run.output();
    await allExited(killed);
    // Every request the engine had sent before it died has now been read, on connections the
    // server had accepted or not yet: a request still in a socket's buffer or the accept
    // queue at the kill reaches the hold like the others, never after it.
    await srv.server.connectionsClosed();
    inFlight = hold.held();
    await hold.release(o.heldThen);
  } finally {
    // A failure above must not leave a hold that would keep later creates.
    await hold.release("drop");
  }
  // The creates let through may still be committing: wait for their answers (only the
  // dropped held ones stay unanswered), not for a length of time.
  const unanswered = o.heldThen === "drop" ? inFlight : 0;
  await eventually(
    "the creates let through to be answered",
    () => creates().filter((r) => r.status === 0).length <= unanswered,
    30_000,
  );
  const settled = srv.server.requests.length;
  // Quiet for a while: a surviving provider would still be sending the creates it was handed.
  await new Promise((r) => setTimeout(r, 1500));
  const late = srv.server.requests.slice(settled).map((r) => `${r.method} ${r.path} ${r.status}`);
  return { ended, output, passed: hold.passed(), inFlight, creates: creates().length, late };
}
