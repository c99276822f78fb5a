/**
 * The 429 gate and the concurrency limiter are process-wide: one per base URL (and key,
 * for the gate), whatever the number of clients, and the key is never stored in clear.
 */
import { describe, expect, it } from "vitest";
import { gateKey, RateGate, rateGateFor } from "../../src/client/rate-gate";
import { Limiter, limiterFor } from "../../src/client/concurrency";

describe("RateGate", () => {
  it("stays closed for the longest wait it was given", () => {
    let now = 1000;
    const gate = new RateGate(() => now);
    expect(gate.remainingMs()).toBe(0);
    gate.closeFor(500);
    gate.closeFor(100);
    expect(gate.remainingMs()).toBe(500);
    now += 400;
    expect(gate.remainingMs()).toBe(100);
    now += 200;
    expect(gate.remainingMs()).toBe(0);
  });

  it("is one gate per base URL and key, keyed by a hash of the key", () => {
    const key = "sk-super-secret-key";
    expect(rateGateFor("https://a.example", key)).toBe(rateGateFor("https://a.example", key));
    expect(rateGateFor("https://a.example", key)).not.toBe(rateGateFor("https://a.example", "other-key"));
    expect(rateGateFor("https://a.example", key)).not.toBe(rateGateFor("https://b.example", key));
    expect(gateKey("https://a.example", key)).not.toContain(key);
    expect(gateKey("https://a.example", key)).toMatch(/^https:\/\/a\.example#[0-9a-f]{16}$/);
  });
});

describe("Limiter", () => {
  it("admits at most `limit` holders and hands slots over in arrival order", async () => {
    const limiter = new Limiter(2);
    const order: number[] = [];
    const r1 = await limiter.acquire();
    const r2 = await limiter.acquire();
    const waiting = [3, 4].map((n) =>
      limiter.acquire().then((release) => {
        order.push(n);
        return release;
      }),
    );
    await Promise.resolve();
    expect(limiter.inFlight).toBe(2);
    expect(order).toEqual([]);
    r1();
    r1(); // a second release of the same slot is ignored
    const r3 = await waiting[0];
    expect(order).toEqual([3]);
    expect(limiter.inFlight).toBe(2);
    r2();
    const r4 = await waiting[1];
    expect(order).toEqual([3, 4]);
    r3();
    r4();
    expect(limiter.inFlight).toBe(0);
  });

  it("is shared per base URL; an explicit limit applies to all, none keeps the one in force", () => {
    const url = `https://limiter-${Math.random()}.example`;
    const a = limiterFor(url, undefined, 8);
    expect(a.max).toBe(8);
    const b = limiterFor(url, 3, 8);
    expect(b).toBe(a);
    expect(a.max).toBe(3);
    expect(limiterFor(url, undefined, 8).max).toBe(3);
  });
});
