/**
 * The whole sentence each failure becomes (error-map.ts), for the cases the class mapping
 * test does not spell out: what the service said and how it is punctuated, a rate limit's
 * wait, which way a connection failed and where to, the attempts made, a write's unknown
 * outcome, and secrets (the key, a proxy's password) kept out of every text.
 */
import { describe, expect, it } from "vitest";
import { UptimeError, UptimeNetworkError, UptimeValidationError } from "../../src/client/errors";
import { errorFromFailure, errorFromResponse, formatFieldPath, type RequestContext } from "../../src/client/error-map";
import type { Route } from "../../src/client/network";

const KEY = "key-0123456789";
const ctx = (more: Partial<RequestContext> = {}): RequestContext => ({
  method: "GET",
  path: "/api/v1/monitors/1",
  apiKey: KEY,
  attempts: 1,
  ...more,
});
const withCode = (code: string, message = `failed ${code}`) => Object.assign(new Error(message), { code });
const failure = (
  c: RequestContext,
  kind: "not-sent" | "maybe-sent" | "timeout",
  err: unknown,
  outcomeUnknown = false,
) => errorFromFailure(c, kind, err, { outcomeUnknown, timeoutMs: 1500 });

describe("field paths", () => {
  it("numbers in a path are indexes, whatever their type", () => {
    expect(formatFieldPath(["alerts", "0", "value"])).toBe("alerts[0].value");
    expect(formatFieldPath(["alerts", 1])).toBe("alerts[1]");
    expect(formatFieldPath("headers.10x.name")).toBe("headers.10x.name");
    expect(formatFieldPath("x10.y")).toBe("x10.y");
    expect(formatFieldPath([Symbol("s"), "a"])).toBe("Symbol(s).a");
    expect(formatFieldPath("0.a")).toBe("[0].a");
  });
});

describe("what the service said", () => {
  it("is quoted as one sentence, a full stop added only when it has no end mark", () => {
    const said = (message: string) => errorFromResponse(ctx(), 404, JSON.stringify({ message })).message;
    expect(said("Gone")).toBe("GET /api/v1/monitors/1: not found (404): Gone.");
    expect(said("Gone!")).toBe("GET /api/v1/monitors/1: not found (404): Gone!");
    expect(said("Gone?")).toBe("GET /api/v1/monitors/1: not found (404): Gone?");
    expect(said("v1.2 gone")).toBe("GET /api/v1/monitors/1: not found (404): v1.2 gone.");
    expect(said("")).toBe("GET /api/v1/monitors/1: not found (404).");
  });

  it("field messages stand in for a missing message, joined with spaces", () => {
    const e = errorFromResponse(ctx(), 400, JSON.stringify({ errors: { url: ["is bad", "too long"], name: ["x"] } }));
    expect(e.serviceMessage).toBe("is bad too long x");
    expect(e.message).toBe("GET /api/v1/monitors/1: request failed (400): is bad too long x.");
  });

  it("a message given as a field map lists the fields, and its text is not taken as the message", () => {
    const e = errorFromResponse(ctx(), 422, JSON.stringify({ message: { "alerts.0.value": "bad" } }));
    expect(e).toBeInstanceOf(UptimeValidationError);
    expect((e as UptimeValidationError).fields).toEqual({ "alerts[0].value": ["bad"] });
    expect(e.message).toBe("GET /api/v1/monitors/1: the service rejected alerts[0].value: bad");
    expect(e.serviceMessage).toBe("bad");
  });

  it("a 422 lists its fields apart, each with its messages", () => {
    const e = errorFromResponse(ctx(), 422, JSON.stringify({ errors: { url: ["bad", "long"], name: ["taken"] } }));
    expect(e.message).toBe("GET /api/v1/monitors/1: the service rejected url: bad long; name: taken");
  });

  it("a 422 without fields names the status and what was said", () => {
    expect(errorFromResponse(ctx(), 422, JSON.stringify({ message: "Nope" })).message).toBe(
      "GET /api/v1/monitors/1: the service rejected the request (422): Nope.",
    );
    expect(errorFromResponse(ctx(), 422, "").message).toBe(
      "GET /api/v1/monitors/1: the service rejected the request (422).",
    );
  });

  it("any other status names the status, and a write's unknown outcome", () => {
    const e = errorFromResponse(ctx({ method: "PATCH" }), 418, "{}", { outcomeUnknown: true });
    expect(e.constructor).toBe(UptimeError);
    expect(e.message).toBe(
      "PATCH /api/v1/monitors/1: request failed (418). The outcome is unknown: the change may have been applied. Read the record before trying again.",
    );
  });

  it("a key of fewer than four characters is not searched for (it would mangle the text)", () => {
    const e = errorFromResponse(ctx({ apiKey: "abc" }), 404, JSON.stringify({ message: "abcd" }));
    expect(e.serviceMessage).toBe("abcd");
    const four = errorFromResponse(ctx({ apiKey: "abcd" }), 404, JSON.stringify({ message: "xabcdx" }));
    expect(four.serviceMessage).toBe("x[redacted]x");
  });
});

describe("a rate limit", () => {
  const limited = (extra: Parameters<typeof errorFromResponse>[3]) =>
    errorFromResponse(ctx(), 429, JSON.stringify({ message: "Too Many Attempts." }), extra).message;

  it("after waiting, says how long it waited, what the service asks and the limit", () => {
    expect(limited({ retryAfterSeconds: 30, waitedMs: 2500, maxWaitMs: 3000 })).toBe(
      "GET /api/v1/monitors/1: rate limited (429): Too Many Attempts. Gave up after waiting 2.5 s: the service asks to " +
        "wait 30 s more (retry.maxRateLimitWaitMs is 3000 ms).",
    );
  });

  it("without waiting, says the wait is longer than allowed; without Retry-After, that the account is still limited", () => {
    expect(limited({})).toBe(
      "GET /api/v1/monitors/1: rate limited (429): Too Many Attempts. Not waiting: the account is still rate limited, longer than allowed.",
    );
  });
});

describe("no response", () => {
  it("a timeout names the time allowed and the attempts", () => {
    expect(failure(ctx({ attempts: 3, origin: "https://svc.example" }), "timeout", new Error("x")).message).toBe(
      "GET /api/v1/monitors/1: no response: timed out (no complete response within 1500 ms) (after 3 attempts).",
    );
  });

  it("a refused or timed-out connect names where to, the scheme's port spelled out", () => {
    const refused = failure(ctx({ origin: "https://svc.example" }), "not-sent", withCode("ECONNREFUSED"));
    expect(refused.message).toBe("GET /api/v1/monitors/1: no response: connection refused by svc.example:443.");
    const slow = failure(ctx({ origin: "http://svc.example" }), "not-sent", withCode("UND_ERR_CONNECT_TIMEOUT"));
    expect(slow.message).toBe("GET /api/v1/monitors/1: no response: connect to svc.example:80 timed out.");
    expect(failure(ctx(), "not-sent", withCode("UND_ERR_CONNECT_TIMEOUT")).message).toBe(
      "GET /api/v1/monitors/1: no response: connect to the service timed out.",
    );
    expect(failure(ctx(), "not-sent", withCode("ECONNREFUSED")).message).toBe(
      "GET /api/v1/monitors/1: no response: connection refused by the service.",
    );
  });

  it("any other connect failure names its code, or its message when it has none", () => {
    expect(failure(ctx({ origin: "http://svc.example:81" }), "not-sent", withCode("ENOTFOUND")).message).toBe(
      "GET /api/v1/monitors/1: no response: could not connect to svc.example:81 (ENOTFOUND).",
    );
    expect(failure(ctx(), "not-sent", new Error("no route")).message).toBe(
      "GET /api/v1/monitors/1: no response: could not connect (no route).",
    );
    expect(failure(ctx(), "maybe-sent", "torn").message).toBe(
      "GET /api/v1/monitors/1: no response: connection lost (torn).",
    );
  });

  it("the cause keeps the code, and a stack that is only its name and message", () => {
    const cause = failure(ctx(), "maybe-sent", withCode("ECONNRESET", `reset ${KEY}`)).cause as Error & {
      code?: string;
    };
    expect(cause.code).toBe("ECONNRESET");
    expect(cause.stack).toBe("Error: reset [redacted]");
    expect("code" in (failure(ctx(), "maybe-sent", new Error("x")).cause as object)).toBe(false);
  });
});

describe("a failure on the way", () => {
  const proxy = {
    uri: "http://user:p%40ss-word@proxy.corp:3128",
    shown: "http://proxy.corp:3128",
    from: "HTTPS_PROXY",
  };
  const route: Route = { proxy, proxySetting: "proxyUrl", caSetting: "caCertificates", baseUrlSetting: "baseUrl" };

  it("is explained, with the attempts, a write's unknown outcome, and where it failed", () => {
    const e = failure(
      ctx({ method: "POST", attempts: 2, origin: "https://svc.example", route }),
      "maybe-sent",
      new Error("Proxy response (502)"),
      true,
    );
    expect(e).toBeInstanceOf(UptimeNetworkError);
    expect(e.via).toBe("proxy");
    expect(e.outcomeUnknown).toBe(true);
    expect(e.message).toMatch(
      /^POST \/api\/v1\/monitors\/1: no response: the proxy http:\/\/proxy.corp:3128 \(from HTTPS_PROXY\) refused to connect to https:\/\/svc.example: 502 Bad Gateway\..* Tried 2 times\. The outcome is unknown: the record may have been created\./,
    );
    expect(e.method).toBe("POST");
    expect(e.path).toBe("/api/v1/monitors/1");
  });

  it("a single attempt does not count its tries", () => {
    const e = failure(ctx({ origin: "https://svc.example", route }), "not-sent", withCode("ECONNREFUSED"));
    expect(e.message).toMatch(/to reach the service directly\.$/);
    expect(e.via).toBe("proxy");
  });

  it("is not looked for on a timeout, nor without an origin", () => {
    const timedOut = failure(ctx({ origin: "https://svc.example", route }), "timeout", withCode("ECONNREFUSED"));
    expect(timedOut.via).toBeUndefined();
    expect(timedOut.message).toContain("timed out (no complete response within 1500 ms)");
    const nowhere = failure(ctx({ route }), "not-sent", withCode("ECONNREFUSED"));
    expect(nowhere.via).toBeUndefined();
  });

  it("keeps the proxy's password, as written and decoded, out of the cause", () => {
    const raw = new Error(`tunnel to http://user:p%40ss-word@proxy.corp:3128 failed for p@ss-word and p%40ss-word`);
    const cause = failure(ctx({ origin: "https://svc.example", route }), "maybe-sent", raw).cause as Error;
    expect(cause.message).not.toContain("ss-word");
  });

  it("keeps a password of four characters out of the cause", () => {
    const short = { ...route, proxy: { ...proxy, uri: "http://user:pw12@proxy.corp:3128" } };
    const cause = failure(ctx({ route: short }), "maybe-sent", new Error("denied for pw12")).cause as Error;
    expect(cause.message).toBe("denied for [redacted]");
  });

  it("keeps an unreadable proxy URL out of the cause as a whole", () => {
    const odd = { ...route, proxy: { ...proxy, uri: "http://us er:pw@" } };
    const cause = failure(ctx({ route: odd }), "maybe-sent", new Error("via http://us er:pw@ failed")).cause as Error;
    expect(cause.message).toBe("via [redacted] failed");
  });
});
