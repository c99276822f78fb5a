/**
 * The process-wide agent (agent.ts), without a connection: clients with the same connect
 * timeout, proxy and CAs share one dispatcher; it is closed when the last lease is released
 * (a lease released twice counts once), and the next lease gets a new one. A dispatcher a
 * caller passes is used through its own `request`. (Requests over the shared agent:
 * close-releases-only-what-the-client-owns.test.ts, in the server suite.)
 */
import { describe, expect, it } from "vitest";
import type { Dispatcher } from "undici";
import { leaseSharedAgent, requestThrough } from "../../src/client/agent";

const closed = (d: Dispatcher) => (d as unknown as { closed: boolean }).closed;
const proxy = { uri: "http://proxy.example:3128", shown: "http://proxy.example:3128", from: "HTTPS_PROXY" };
const ca = { ca: ["-----BEGIN CERTIFICATE-----x-----END CERTIFICATE-----"], from: ["caCertificates"], key: "ca-1" };

describe("the shared agent", () => {
  it("is one dispatcher for the same settings, closed only when the last lease is released", async () => {
    const a = leaseSharedAgent(10_001);
    const b = leaseSharedAgent(10_001);
    expect(b.dispatcher).toBe(a.dispatcher);
    await a.release();
    await a.release();
    expect(closed(a.dispatcher)).toBe(false);
    await b.release();
    expect(closed(a.dispatcher)).toBe(true);
    const c = leaseSharedAgent(10_001);
    expect(c.dispatcher).not.toBe(a.dispatcher);
    expect(closed(c.dispatcher)).toBe(false);
    await c.release();
  });

  it("is another for another connect timeout, proxy or CA list", async () => {
    const leases = [
      leaseSharedAgent(10_002),
      leaseSharedAgent(10_003),
      leaseSharedAgent(10_002, { proxy }),
      leaseSharedAgent(10_002, { ca }),
      leaseSharedAgent(10_002, { proxy, ca }),
    ];
    expect(new Set(leases.map((l) => l.dispatcher)).size).toBe(5);
    const again = leaseSharedAgent(10_002, { proxy });
    expect(again.dispatcher).toBe(leases[2].dispatcher);
    expect(leases[2].dispatcher.constructor.name).toBe("ProxyAgent");
    expect(leases[3].dispatcher.constructor.name).toBe("Agent");
    await Promise.all(leases.map((l) => l.release()));
    expect(closed(leases[2].dispatcher)).toBe(false);
    await again.release();
    expect(closed(leases[2].dispatcher)).toBe(true);
  });

  it("is another for each proxy URL and each CA list", async () => {
    const other = { ...proxy, uri: "http://other.example:3128" };
    const otherCa = { ...ca, key: "ca-2" };
    const leases = [
      leaseSharedAgent(10_005, { proxy }),
      leaseSharedAgent(10_005, { proxy: other }),
      leaseSharedAgent(10_005, { ca }),
      leaseSharedAgent(10_005, { ca: otherCa }),
    ];
    expect(new Set(leases.map((l) => l.dispatcher)).size).toBe(4);
    await Promise.all(leases.map((l) => l.release()));
  });

  it("a released lease does not close an agent that others still hold, even after a new one was made", async () => {
    const first = leaseSharedAgent(10_004);
    await first.release();
    const second = leaseSharedAgent(10_004);
    await first.release();
    expect(closed(second.dispatcher)).toBe(false);
    await second.release();
    expect(closed(second.dispatcher)).toBe(true);
  });
});

describe("requests through a dispatcher", () => {
  it("go through the dispatcher's own request when it has one", async () => {
    const asked: unknown[] = [];
    const standIn = { request: (o: unknown) => (asked.push(o), Promise.resolve("answered")) } as unknown as Dispatcher;
    const options = { origin: "http://x.example", path: "/", method: "GET" } as Dispatcher.RequestOptions;
    expect(await requestThrough(standIn, options)).toBe("answered");
    expect(asked).toEqual([options]);
  });

  it("go through undici's request on a dispatcher without one", async () => {
    const dispatched: Dispatcher.DispatchOptions[] = [];
    const bare = {
      dispatch(o: Dispatcher.DispatchOptions, handler: { onError?: (e: Error) => void }) {
        dispatched.push(o);
        handler.onError?.(new Error("stand-in refuses"));
        return true;
      },
    } as unknown as Dispatcher;
    await expect(
      requestThrough(bare, { origin: "http://x.example", path: "/p", method: "GET" } as Dispatcher.RequestOptions),
    ).rejects.toThrow("stand-in refuses");
    expect(dispatched.map((o) => o.path)).toEqual(["/p"]);
  });
});
