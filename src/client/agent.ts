/**
 * The default dispatcher: one keep-alive undici Agent per process (per connect timeout),
 * shared by every client so that connections are reused across Pulumi resources.
 * Reference-counted, so that a client's `close()` closes it only when no other client
 * still uses it.
 */
import { Agent, type Dispatcher } from "undici";

interface Shared {
  agent: Agent;
  users: number;
}

const shared = new Map<number, Shared>();

/** A lease on the shared agent; `release()` closes the agent when the last lease goes. */
export interface AgentLease {
  dispatcher: Dispatcher;
  release(): Promise<void>;
}

/** Takes a lease on the process-wide agent with this connect timeout. */
export function leaseSharedAgent(connectTimeoutMs: number): AgentLease {
  let entry = shared.get(connectTimeoutMs);
  if (!entry) {
    // undici unrefs idle sockets, so a client that is never closed does not hold the process open.
    entry = { agent: new Agent({ connectTimeout: connectTimeoutMs, keepAliveTimeout: 4_000 }), users: 0 };
    shared.set(connectTimeoutMs, entry);
  }
  entry.users++;
  const held = entry;
  let released = false;
  return {
    dispatcher: held.agent,
    async release() {
      if (released) return;
      released = true;
      held.users--;
      if (held.users === 0 && shared.get(connectTimeoutMs) === held) {
        shared.delete(connectTimeoutMs);
        await held.agent.close();
      }
    },
  };
}
