/**
 * Status codes and error bodies (as the service and its variants send them) map to the
 * right error class, with field paths in the user's notation and messages that say what
 * to do.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  UptimeError,
  UptimeNetworkError,
  UptimeRateLimitError,
  UptimeServerError,
  UptimeValidationError,
} from "../../src/client/errors";
import { errorFromFailure, errorFromResponse, formatFieldPath } from "../../src/client/error-map";

const KEY = "sk-test-0123456789abcdef";
const ctx = (method: string, path: string, attempts = 1) => ({ method, path, apiKey: KEY, attempts });

/**
 * The status each error class is documented for, read from the doc comment above it in
 * errors.ts (`/** 404: … *\/ export class UptimeNotFoundError`; `5xx` stands for 500 to 599):
 * the mapping the client promises its users, which errorFromResponse must keep.
 */
const DOCUMENTED_STATUSES = [
  ...readFileSync(resolve(__dirname, "../../src/client/errors.ts"), "utf8").matchAll(
    /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export class (\w+)/g,
  ),
].flatMap(([, doc, className]) => {
  const status = /^[\s*]*(\d)(\d\d|xx):/.exec(doc);
  return status ? [{ className, status: new RegExp(`^${status[1]}${status[2].replace("xx", "\\d\\d")}$`) }] : [];
});

describe("formatFieldPath", () => {
  it("turns the service's dot keys and zod paths into alerts[0].value", () => {
    expect(formatFieldPath("alerts.0.value")).toBe("alerts[0].value");
    expect(formatFieldPath("request_headers.12.key")).toBe("request_headers[12].key");
    expect(formatFieldPath("url")).toBe("url");
    expect(formatFieldPath(["alerts", 0, "value"])).toBe("alerts[0].value");
    expect(formatFieldPath([])).toBe("");
  });
});

describe("error bodies of a 422", () => {
  // What the client makes of a 422 with `body`: the fields and the service's message it read.
  const rejected = (body: string) =>
    errorFromResponse(ctx("POST", "/api/v1/monitors"), 422, body) as UptimeValidationError;

  it("reads message as a field map", () => {
    const e = rejected(JSON.stringify({ message: { "alerts.0.value": ["bad"], url: "not a url" }, status: 422 }));
    expect(e.fields).toEqual({ "alerts[0].value": ["bad"], url: ["not a url"] });
    expect(e.message).toBe("POST /api/v1/monitors: the service rejected alerts[0].value: bad; url: not a url");
  });
  it("reads Laravel's default shape: message string plus errors", () => {
    const e = rejected(
      JSON.stringify({
        message: "The given data was invalid.",
        errors: { interval: ["The selected interval is invalid."] },
      }),
    );
    expect(e.serviceMessage).toBe("The given data was invalid.");
    expect(e.fields).toEqual({ interval: ["The selected interval is invalid."] });
  });
  it("tolerates bodies that are not JSON or not an error body", () => {
    for (const body of ["<html>Bad Gateway</html>", "[1,2]", ""]) {
      const e = rejected(body);
      expect(e).toBeInstanceOf(UptimeValidationError);
      expect(e.fields).toEqual({});
      expect(e.serviceMessage).toBeUndefined();
    }
  });
});

describe("errorFromResponse", () => {
  it("422 → UptimeValidationError listing every field", () => {
    const body = JSON.stringify({
      message: {
        url: ["The url must be a valid URL."],
        "alerts.0.value": ["The alerts.0.value must be a valid email address."],
      },
      status: 422,
    });
    const e = errorFromResponse(ctx("PATCH", "/api/v1/monitors/12"), 422, body);
    expect(e).toBeInstanceOf(UptimeValidationError);
    expect(e.message).toBe(
      "PATCH /api/v1/monitors/12: the service rejected url: The url must be a valid URL.; alerts[0].value: The alerts.0.value must be a valid email address.",
    );
    expect((e as UptimeValidationError).fields).toEqual({
      url: ["The url must be a valid URL."],
      "alerts[0].value": ["The alerts.0.value must be a valid email address."],
    });
    expect(e).toMatchObject({ method: "PATCH", path: "/api/v1/monitors/12", status: 422, outcomeUnknown: false });
  });

  it("a single rejected field reads as one sentence", () => {
    const e = errorFromResponse(
      ctx("PATCH", "/api/v1/monitors/12"),
      422,
      JSON.stringify({ message: { url: ["The url must be a valid URL."] } }),
    );
    expect(e.message).toBe("PATCH /api/v1/monitors/12: the service rejected url: The url must be a valid URL.");
  });

  it.each([400, 401, 403, 404, 409, 418, 422, 429, 500, 502, 503])(
    "%i → the class whose documentation in errors.ts names that status, else the base UptimeError",
    (status) => {
      const e = errorFromResponse(ctx("GET", "/api/v1/monitors"), status, JSON.stringify({ message: "Said." }));
      const documented = DOCUMENTED_STATUSES.find((d) => d.status.test(String(status)));
      expect(e.constructor.name).toBe(documented?.className ?? "UptimeError");
      expect(e).toBeInstanceOf(UptimeError);
      expect(e).toMatchObject({ status, serviceMessage: "Said.", method: "GET", path: "/api/v1/monitors" });
    },
  );

  it.each<[number, string, string[]]>([
    [404, "Resource not found.", ["GET /api/v1/monitors/12: not found (404): Resource not found."]],
    [401, "Unauthenticated.", ["unauthorized (401): Unauthenticated.", "apiKey", "UPTIME_API_KEY"]],
    [403, "You don't have access to this feature.", ["forbidden (403): You don't have access to this feature."]],
  ])("%i: the message names the status and the service's message, and what to do", (status, said, parts) => {
    const e = errorFromResponse(ctx("GET", "/api/v1/monitors/12"), status, JSON.stringify({ message: said, status }));
    for (const part of parts) expect(e.message).toContain(part);
    expect(e.serviceMessage).toBe(said);
  });

  it("429: the error carries the wait the service asked for", () => {
    const e = errorFromResponse(
      ctx("GET", "/api/v1/monitors"),
      429,
      JSON.stringify({ message: "Too Many Attempts." }),
      { retryAfterSeconds: 30, waitedMs: 2000, maxWaitMs: 1000 },
    );
    expect(e).toBeInstanceOf(UptimeRateLimitError);
    expect((e as UptimeRateLimitError).retryAfterSeconds).toBe(30);
    expect(e.message).toContain("rate limited (429)");
  });

  it("5xx → UptimeServerError; on a POST the message says the outcome is unknown and to look the record up", () => {
    const get = errorFromResponse(ctx("GET", "/api/v1/monitors", 4), 503, "Service Unavailable");
    expect(get).toBeInstanceOf(UptimeServerError);
    expect(get.message).toBe("GET /api/v1/monitors: server error (503). (after 4 attempts)");
    expect(get.outcomeUnknown).toBe(false);

    const post = errorFromResponse(ctx("POST", "/api/v1/monitors"), 500, JSON.stringify({ message: "Server Error" }), {
      outcomeUnknown: true,
    });
    expect(post.outcomeUnknown).toBe(true);
    expect(post.message).toMatch(/outcome is unknown/);
    expect(post.message).toMatch(/Look it up/);
  });

  it("removes the API key from a body that echoes it", () => {
    const e = errorFromResponse(
      ctx("GET", "/api/v1/monitors"),
      401,
      JSON.stringify({ message: `Bad token Bearer ${KEY}` }),
    );
    expect(e.message).not.toContain(KEY);
    expect(e.serviceMessage).not.toContain(KEY);
    expect(e.serviceMessage).toContain("[redacted]");
  });
});

describe("transport failures", () => {
  it("keep only name, code and a redacted message of the cause", () => {
    const raw = Object.assign(new Error(`socket hang up; authorization: Bearer ${KEY}`), {
      code: "UND_ERR_SOCKET",
      headers: { authorization: `Bearer ${KEY}` },
    });
    const cause = errorFromFailure(ctx("GET", "/api/v1/monitors"), "not-sent", raw, {
      outcomeUnknown: false,
      timeoutMs: 1000,
    }).cause as Error;
    expect(cause.message).toBe("socket hang up; authorization: Bearer [redacted]");
    expect((cause as Error & { code?: string }).code).toBe("UND_ERR_SOCKET");
    expect(Object.keys(cause).sort()).toEqual(["code", "name"]);
  });

  it("→ UptimeNetworkError; a POST that may have been sent says the outcome is unknown", () => {
    const e = errorFromFailure(
      ctx("POST", "/api/v1/monitors"),
      "maybe-sent",
      Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }),
      { outcomeUnknown: true, timeoutMs: 1000 },
    );
    expect(e).toBeInstanceOf(UptimeNetworkError);
    expect(e.outcomeUnknown).toBe(true);
    expect(e.message).toBe(
      "POST /api/v1/monitors: no response: connection lost (UND_ERR_SOCKET). The outcome is unknown: the record may have been created. Look it up before trying again (monitor names are unique per account).",
    );
  });

  it.each([
    [
      "http://127.0.0.1:8080",
      4,
      "GET /api/v1/monitors: no response: connection refused by 127.0.0.1:8080 (after 4 attempts).",
    ],
    [
      "https://uptime.example.com",
      1,
      "GET /api/v1/monitors: no response: connection refused by uptime.example.com:443.",
    ],
  ])(
    "a refused connection to %s names its host and port, the scheme's default spelled out",
    (origin, attempts, message) => {
      const refused = errorFromFailure(
        { ...ctx("GET", "/api/v1/monitors", attempts), origin },
        "not-sent",
        Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
        { outcomeUnknown: false, timeoutMs: 1000 },
      );
      expect(refused.message).toBe(message);
    },
  );
});
