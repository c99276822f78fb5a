/**
 * The pure retry policy: which methods and statuses are retried, which transport errors
 * mean "nothing was sent", backoff with full jitter, and Retry-After parsing.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  backoffDelay,
  classifyFailure,
  isRetryableFailure,
  isRetryableStatus,
  parseRetryAfter,
} from "../../src/client/retry";

describe("isRetryableStatus", () => {
  it.each([
    ["GET", 502, true],
    ["GET", 503, true],
    ["GET", 504, true],
    ["GET", 500, true],
    ["PUT", 503, true],
    ["PATCH", 502, true],
    ["DELETE", 504, true],
    ["PUT", 500, true],
    ["PATCH", 500, true],
    ["DELETE", 500, true],
    ["POST", 500, false],
    ["POST", 502, false],
    ["POST", 503, false],
    ["POST", 504, false],
    ["GET", 404, false],
    ["GET", 422, false],
    ["GET", 401, false],
    ["GET", 429, false],
  ] as const)("%s %i → %s", (method, status, expected) => {
    expect(isRetryableStatus(method, status)).toBe(expected);
  });
});

describe("isRetryableFailure", () => {
  it("retries a POST only when nothing was sent", () => {
    expect(isRetryableFailure("POST", "not-sent")).toBe(true);
    expect(isRetryableFailure("POST", "maybe-sent")).toBe(false);
    expect(isRetryableFailure("POST", "timeout")).toBe(false);
  });
  it("retries idempotent methods after any failure", () => {
    for (const m of ["GET", "PUT", "PATCH", "DELETE"]) {
      for (const k of ["not-sent", "maybe-sent", "timeout"] as const) expect(isRetryableFailure(m, k)).toBe(true);
    }
  });
});

describe("classifyFailure", () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code });
  it("knows the errors raised before the request could leave", () => {
    for (const c of ["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "UND_ERR_CONNECT_TIMEOUT", "EHOSTUNREACH"]) {
      expect(classifyFailure(withCode(c))).toBe("not-sent");
    }
  });
  it("looks inside AggregateError (happy-eyeballs connects)", () => {
    expect(classifyFailure(new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")]))).toBe("not-sent");
  });
  it("treats timeouts as timeouts and everything else as maybe-sent", () => {
    expect(classifyFailure(withCode("UND_ERR_HEADERS_TIMEOUT"))).toBe("timeout");
    expect(classifyFailure(withCode("UND_ERR_BODY_TIMEOUT"))).toBe("timeout");
    expect(classifyFailure(withCode("UND_ERR_SOCKET"))).toBe("maybe-sent");
    expect(classifyFailure(withCode("ECONNRESET"))).toBe("maybe-sent");
    expect(classifyFailure(new Error("who knows"))).toBe("maybe-sent");
    expect(classifyFailure("not even an error")).toBe("maybe-sent");
  });
});

describe("backoffDelay", () => {
  const s = { baseDelayMs: 250, maxDelayMs: 8000 };
  it("doubles the ceiling per retry up to the maximum", () => {
    const top = () => 0.999999;
    expect(backoffDelay(1, s, top)).toBe(249);
    expect(backoffDelay(2, s, top)).toBe(499);
    expect(backoffDelay(3, s, top)).toBe(999);
    expect(backoffDelay(6, s, top)).toBe(7999);
    expect(backoffDelay(60, s, top)).toBe(7999);
  });
  it("has full jitter: anywhere from 0 to the ceiling", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (n, r) => {
          const d = backoffDelay(n, s, () => r);
          const ceiling = Math.min(s.maxDelayMs, s.baseDelayMs * 2 ** (n - 1));
          expect(d).toBeGreaterThanOrEqual(0);
          expect(d).toBeLessThan(ceiling);
        },
      ),
    );
    expect(backoffDelay(3, s, () => 0)).toBe(0);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2024-05-01T10:00:00Z");
  it("reads delta-seconds", () => {
    expect(parseRetryAfter("2", now)).toBe(2000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("1.5", now)).toBe(1500);
    expect(parseRetryAfter("1.25", now)).toBe(1250);
    expect(parseRetryAfter(["3", "9"], now)).toBe(3000);
  });
  it("reads an HTTP date, never negative", () => {
    expect(parseRetryAfter("Wed, 01 May 2024 10:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Wed, 01 May 2024 09:00:00 GMT", now)).toBe(0);
  });
  it("returns undefined when absent or unreadable, so the caller backs off", () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("5abc", now)).toBeUndefined();
    expect(parseRetryAfter("-3", now)).toBeUndefined();
  });
});
