/**
 * The gRPC clients Construct uses to reach the engine (its resource monitor and its engine
 * service), one per address for the whole plugin process. Left to itself, the Node.js
 * runtime makes a new client in each call's store and never closes it: a deployment of 50
 * components would hold 100 open clients. Every Construct of a deployment talks to the same
 * addresses, so they share one client each; a new address (a later deployment served by the
 * same process) closes the client of the old one.
 */

/** What this module needs of a gRPC client. */
interface Closable {
  close(): void;
}

/** The client kinds Construct hands to the runtime. */
type EngineClientKind = "monitor" | "engine";

/** One client per kind, for the address it was made for. */
export class EngineClients<T extends Closable = Closable> {
  private readonly open = new Map<EngineClientKind, { address: string; client: T }>();

  /**
   * The client of `kind` for `address`: the open one when it was made for that address,
   * else a new one from `make` (closing the one made for another address).
   */
  get(kind: EngineClientKind, address: string, make: (address: string) => T): T {
    const held = this.open.get(kind);
    if (held?.address === address) return held.client;
    held?.client.close();
    const client = make(address);
    this.open.set(kind, { address, client });
    return client;
  }
}
