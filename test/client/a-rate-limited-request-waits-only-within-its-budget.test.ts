/**
 * How long one request waits out 429s (request.ts), on the in-process dispatcher and a fake
 * clock: it waits while the total stays within retry.maxRateLimitWaitMs and gives up at once
 * when the next wait would pass it, saying how long it waited; 429s do not use up attempts;
 * without Retry-After it backs off, at most 50 times. (The gate shared by an account's
 * requests: rate-limit-gate-holds-every-request-of-the-account.test.ts.)
 */
import { describe, expect, it, vi } from "vitest";
import { UptimeRateLimitError, UptimeServerError } from "../../src/client/errors";
import { RateGate } from "../../src/client/rate-gate";
import { fakeClockClients, fakeDispatcher, fakeRequester, type FakeReply } from "./helpers/fake-dispatcher";

// The clock and the clean-up of fakeClockClients; the requests here use fakeRequester.
fakeClockClients("2024-05-01T10:00:00.000Z");

const ok: FakeReply = { json: { data: { id: 1 } } };
const limited = (retryAfter?: string): FakeReply => ({
  status: 429,
  json: { message: "Too Many Attempts." },
  headers: retryAfter === undefined ? {} : { "retry-after": retryAfter },
});

/** Sends a GET whose n-th attempt gets `replies[n]` (the last one again after that), and lets the fake clock run. */
async function send(replies: FakeReply[], retry: Record<string, number>, gate = new RateGate()) {
  const fake = fakeDispatcher((_r, i) => replies[Math.min(i, replies.length - 1)]);
  const p = fakeRequester(fake, { random: () => 0, retry, gate })
    .send({ method: "GET", path: "/api/v1/monitors/1" })
    .then(
      (result) => ({ result, error: undefined }),
      (error: unknown) => ({ result: undefined, error: error as Error }),
    );
  await vi.runAllTimersAsync();
  return { ...(await p), sent: fake.sent.map((r) => r.at) };
}

describe("the wait budget", () => {
  it("a wait that reaches the budget exactly is waited", async () => {
    const { result, sent } = await send([limited("1"), ok], { maxRateLimitWaitMs: 1000 });
    expect(result?.status).toBe(200);
    expect(sent).toEqual([0, 1000]);
  });

  it("a wait longer than the budget is not waited at all", async () => {
    const { error, sent } = await send([limited("1"), ok], { maxRateLimitWaitMs: 999 });
    expect(error).toBeInstanceOf(UptimeRateLimitError);
    expect(error?.message).toBe(
      "GET /api/v1/monitors/1: rate limited (429): Too Many Attempts. Not waiting: the service asks to wait 1 s, " +
        "longer than allowed (retry.maxRateLimitWaitMs is 999 ms).",
    );
    expect(sent).toEqual([0]);
  });

  it("the waits add up: the second one that would pass the budget ends the request, saying what was waited", async () => {
    const { error, sent } = await send([limited("1"), limited("1"), ok], { maxRateLimitWaitMs: 1500 });
    expect(sent).toEqual([0, 1000]);
    expect(error?.message).toBe(
      "GET /api/v1/monitors/1: rate limited (429): Too Many Attempts. Gave up after waiting 1.0 s: the service asks " +
        "to wait 1 s more (retry.maxRateLimitWaitMs is 1500 ms).",
    );
  });

  it("an account's gate closed before the first attempt counts against the budget too", async () => {
    const gate = new RateGate();
    gate.closeFor(2000);
    const { error, sent } = await send([ok], { maxRateLimitWaitMs: 1000 }, gate);
    expect(sent).toEqual([]);
    expect(error?.message).toBe(
      "GET /api/v1/monitors/1: rate limited (429). Not waiting: the service asks to wait 2 s, longer than allowed " +
        "(retry.maxRateLimitWaitMs is 1000 ms).",
    );
  });
});

describe("attempts", () => {
  it("429s do not use up attempts: a 5xx after them still has its retries", async () => {
    const five: FakeReply = { status: 503, json: { message: "Busy" } };
    const { error, sent } = await send([limited("1"), limited("1"), five], {
      maxAttempts: 2,
      maxRateLimitWaitMs: 60_000,
    });
    expect(sent).toHaveLength(4);
    expect(error).toBeInstanceOf(UptimeServerError);
    expect(error?.message).toContain("(after 2 attempts)");
  });

  it("without Retry-After it backs off, and gives up after 50 such retries", async () => {
    const { error, sent } = await send([limited()], { maxRateLimitWaitMs: 600_000 });
    expect(sent).toHaveLength(51);
    expect(error).toBeInstanceOf(UptimeRateLimitError);
    expect(error?.message).toContain("Gave up after waiting");
  });
});
