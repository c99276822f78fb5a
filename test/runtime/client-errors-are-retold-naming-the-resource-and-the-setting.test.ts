/**
 * How the runtime retells the client's errors to a Pulumi user (runtime/user-errors.ts),
 * from the error objects alone: the resource first, fields in the program's camelCase, a
 * record gone since the last refresh with how to recreate it, and for a rejected key, an
 * account without API access or a service not there, which setting to fix. (The same over
 * the local server: user-errors.test.ts.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  UptimeError,
  UptimeForbiddenError,
  UptimeInputError,
  UptimeNetworkError,
  UptimeNotFoundError,
  UptimeUnauthorizedError,
  UptimeValidationError,
} from "../../src/client/errors";
import { configureFromStack } from "../../src/runtime/config";
import {
  UptimeResourceError,
  accessProblem,
  deleteUnlessGone,
  toResourceError,
  updateFailure,
} from "../../src/runtime/user-errors";

const R = 'Monitor "api"';
const stack = (values: Record<string, string>) => configureFromStack({ get: (k) => values[k] });
const refused = () =>
  new UptimeNetworkError("GET /api/v1/monitors: no response: connection refused.", {
    cause: Object.assign(new Error("refused"), { code: "ECONNREFUSED" }),
  });

beforeEach(() => {
  for (const v of ["UPTIME_BASE_URL", "UPTIME_API_KEY"]) vi.stubEnv(v, "");
  stack({ "uptime:baseUrl": "https://uptime.example.com", "uptime:apiKey": "key-1234" });
});
afterEach(() => {
  vi.unstubAllEnvs();
  stack({});
});

describe("fields", () => {
  it("a service rejection lists each field in camelCase with its messages", () => {
    const err = new UptimeValidationError("422", {
      fields: { request_headers: ["must be a list", "too long"], url: ["bad"] },
    });
    const retold = toResourceError(R, err) as UptimeResourceError;
    expect(retold).toBeInstanceOf(UptimeResourceError);
    expect(retold.name).toBe("UptimeResourceError");
    expect(retold.message).toBe(`${R}: the service rejected requestHeaders: must be a list too long; url: bad`);
    expect(retold.resource).toBe(R);
    expect(retold.fields).toEqual({ requestHeaders: ["must be a list", "too long"], url: ["bad"] });
    expect(retold.cause).toBe(err);
  });

  it("input the client refused reads as invalid input", () => {
    const err = new UptimeInputError("invalid", { alert_text_lookup: ["too long"] });
    expect(toResourceError(R, err).message).toBe(`${R}: invalid input alertTextLookup: too long`);
  });

  it("a rejection without fields keeps the client's message", () => {
    const err = new UptimeValidationError("POST /api/v1/monitors: the service rejected the request (422).", {
      fields: {},
    });
    expect(toResourceError(R, err).message).toBe(
      `${R}: POST /api/v1/monitors: the service rejected the request (422).`,
    );
  });
});

describe("any other error", () => {
  it("names the resource before the client's message, or the thrown text", () => {
    const err = new UptimeError("GET /x: request failed (418).", {});
    expect(toResourceError(R, err).message).toBe(`${R}: GET /x: request failed (418).`);
    expect(toResourceError(R, new Error("boom")).message).toBe(`${R}: boom`);
    expect(toResourceError(R, "text").message).toBe(`${R}: text`);
  });

  it("one that names its resource already is kept", () => {
    const err = new UptimeResourceError('Incident "x"', "already told");
    expect(toResourceError(R, err)).toBe(err);
    expect(err.cause).toBeUndefined();
  });
});

describe("the settings to fix", () => {
  it("a rejected key from stack config says to set it there, and never shows the key", () => {
    const err = new UptimeUnauthorizedError("401", { serviceMessage: "Unauthenticated." });
    const message = toResourceError(R, err).message;
    expect(message).toBe(
      `${R}: the service did not accept the API key from uptime:apiKey (401 Unauthenticated.). Set the right key with ` +
        "`pulumi config set --secret uptime:apiKey <key>` (or the UPTIME_API_KEY environment variable when the stack config has none).",
    );
    expect(message).not.toContain("key-1234");
  });

  it("a rejected key from the environment says to set the variable, and that config wins", () => {
    stack({ "uptime:baseUrl": "https://uptime.example.com" });
    vi.stubEnv("UPTIME_API_KEY", "env-key");
    expect(accessProblem(new UptimeUnauthorizedError("401", {}))).toBe(
      "the service did not accept the API key from UPTIME_API_KEY (401 Unauthenticated.). Set the right key in the " +
        "UPTIME_API_KEY environment variable (or with `pulumi config set --secret uptime:apiKey <key>`, which wins).",
    );
  });

  it("an account without API access says so with the service's words", () => {
    expect(accessProblem(new UptimeForbiddenError("403 text", { serviceMessage: "Plan has no API." }))).toBe(
      "the account of the API key from uptime:apiKey has no API access (403): Plan has no API.",
    );
    expect(accessProblem(new UptimeForbiddenError("403 text", {}))).toBe(
      "the account of the API key from uptime:apiKey has no API access (403): 403 text",
    );
  });

  it("a service that refused the connection names the base URL setting and its value", () => {
    expect(toResourceError(R, refused()).message).toBe(
      `${R}: GET /api/v1/monitors: no response: connection refused. Check uptime:baseUrl ("https://uptime.example.com"): is the service running there?`,
    );
  });

  it("a failure on the way keeps the message that names its setting", () => {
    const err = new UptimeNetworkError("no response: the proxy refused. Check HTTPS_PROXY.", {});
    err.via = "proxy";
    expect(accessProblem(err)).toBe("no response: the proxy refused. Check HTTPS_PROXY.");
  });

  it("a write whose outcome is unknown, or a broken connection, is not a settings problem", () => {
    const unknown = new UptimeNetworkError("x", {
      outcomeUnknown: true,
      cause: Object.assign(new Error("refused"), { code: "ECONNREFUSED" }),
    });
    expect(accessProblem(unknown)).toBeUndefined();
    const reset = new UptimeNetworkError("x", { cause: Object.assign(new Error("reset"), { code: "ECONNRESET" }) });
    expect(accessProblem(reset)).toBeUndefined();
    expect(accessProblem(new Error("x"))).toBeUndefined();
  });
});

describe("a record gone since the last refresh", () => {
  it("an update of it says it was deleted outside Pulumi and how to recreate it", () => {
    const gone = new UptimeNotFoundError("404", {});
    const err = updateFailure(R, "monitor", "12", gone) as UptimeResourceError;
    expect(err.message).toBe(
      `${R}: monitor 12 was deleted outside Pulumi (the service has no monitor with that id). Run \`pulumi up --refresh\` ` +
        "to create it again (or `pulumi refresh`, then `pulumi up`).",
    );
    expect(err.cause).toBe(gone);
    expect(updateFailure(R, "incident", "3", new Error("boom")).message).toBe(`${R}: boom`);
  });

  it("a delete of it is done; any other failure of a delete names the resource", async () => {
    await expect(
      deleteUnlessGone(R, () => Promise.reject(new UptimeNotFoundError("404", {}))),
    ).resolves.toBeUndefined();
    await expect(deleteUnlessGone(R, () => Promise.reject(new Error("boom")))).rejects.toThrow(`${R}: boom`);
    let called = false;
    await deleteUnlessGone(R, () => Promise.resolve((called = true)));
    expect(called).toBe(true);
  });
});
