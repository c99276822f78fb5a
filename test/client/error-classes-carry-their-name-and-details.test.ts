/**
 * The client's error classes (errors.ts) as a caller meets them: each carries its own name
 * (what a log line and `err.name` checks show), the call's details, a cause only when there
 * is one, and a write's outcome known unless said otherwise.
 */
import { describe, expect, it } from "vitest";
import {
  UptimeConfigError,
  UptimeError,
  UptimeForbiddenError,
  UptimeInputError,
  UptimeNetworkError,
  UptimeNotFoundError,
  UptimePaginationError,
  UptimeRateLimitError,
  UptimeResponseError,
  UptimeServerError,
  UptimeUnauthorizedError,
  UptimeValidationError,
} from "../../src/client/errors";
import { TransportFailure } from "../../src/client/transport";

describe("names", () => {
  it.each([
    ["UptimeError", () => new UptimeError("m", {})],
    ["UptimeNotFoundError", () => new UptimeNotFoundError("m", {})],
    ["UptimeUnauthorizedError", () => new UptimeUnauthorizedError("m", {})],
    ["UptimeForbiddenError", () => new UptimeForbiddenError("m", {})],
    ["UptimeValidationError", () => new UptimeValidationError("m", { fields: {} })],
    ["UptimeRateLimitError", () => new UptimeRateLimitError("m", {})],
    ["UptimeServerError", () => new UptimeServerError("m", {})],
    ["UptimeNetworkError", () => new UptimeNetworkError("m", {})],
    ["UptimeResponseError", () => new UptimeResponseError("m", {})],
    [
      "UptimePaginationError",
      () => new UptimePaginationError("m", { page: 2, repeatedPage: 1, itemsRead: 3, total: 9 }),
    ],
    ["UptimeConfigError", () => new UptimeConfigError("m")],
    ["UptimeInputError", () => new UptimeInputError("m", {})],
  ] as const)("%s is named so, and is an UptimeError", (name, make) => {
    const err = make();
    expect(err.name).toBe(name);
    expect(err).toBeInstanceOf(UptimeError);
    expect(String(err)).toBe(`${name}: m`);
  });

  it("the transport's failure names its kind", () => {
    const f = new TransportFailure("maybe-sent", new Error("x"));
    expect(f.name).toBe("TransportFailure");
    expect(f.message).toBe("transport failure (maybe-sent)");
    expect(f.final).toBe(false);
  });
});

describe("details", () => {
  it("a write's outcome is known unless said otherwise, and a cause is set only when given", () => {
    const plain = new UptimeError("m", { method: "GET", path: "/p", status: 500, serviceMessage: "s" });
    expect(plain).toMatchObject({ method: "GET", path: "/p", status: 500, serviceMessage: "s", outcomeUnknown: false });
    expect("cause" in plain).toBe(false);
    const cause = new Error("under");
    const told = new UptimeNetworkError("m", { cause, outcomeUnknown: true });
    expect(told.cause).toBe(cause);
    expect(told.outcomeUnknown).toBe(true);
  });

  it("a config error names the call when there was one", () => {
    expect(new UptimeConfigError("m", { method: "GET", path: "/p" })).toMatchObject({ method: "GET", path: "/p" });
  });
});
