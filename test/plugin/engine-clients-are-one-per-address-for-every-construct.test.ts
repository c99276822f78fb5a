/**
 * Construct's clients of the engine: every call for one address gets the same client
 * (one connection for a deployment of many components, not one per call), and a new
 * address closes the client of the old one.
 */
import { describe, expect, it } from "vitest";
import { EngineClients } from "../../src/plugin/engine-clients";

class CountedClient {
  static made = 0;
  closed = false;
  constructor(readonly address: string) {
    CountedClient.made++;
  }
  close(): void {
    this.closed = true;
  }
}

describe("the engine clients of the plugin process", () => {
  it("makes one client per kind for fifty calls to the same addresses", () => {
    CountedClient.made = 0;
    const clients = new EngineClients<CountedClient>();
    const seen = new Set<CountedClient>();
    for (let i = 0; i < 50; i++) {
      seen.add(clients.get("monitor", "127.0.0.1:4001", (a) => new CountedClient(a)));
      seen.add(clients.get("engine", "127.0.0.1:4000", (a) => new CountedClient(a)));
    }
    expect(CountedClient.made).toBe(2);
    expect(seen.size).toBe(2);
    expect([...seen].some((c) => c.closed)).toBe(false);
  });

  it("closes the old client when the address changes", () => {
    const clients = new EngineClients<CountedClient>();
    const first = clients.get("monitor", "127.0.0.1:4001", (a) => new CountedClient(a));
    const second = clients.get("monitor", "127.0.0.1:5001", (a) => new CountedClient(a));
    expect(first.closed).toBe(true);
    expect(second.closed).toBe(false);
    expect(second.address).toBe("127.0.0.1:5001");
    expect(clients.get("monitor", "127.0.0.1:5001", (a) => new CountedClient(a))).toBe(second);
  });
});
