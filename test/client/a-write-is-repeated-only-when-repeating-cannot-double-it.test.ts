/**
 * The request loop's retry decisions, on the in-process dispatcher (no sockets), counted
 * as the requests it sent: reads and absolute writes are repeated after a 5xx or a broken
 * connection, a POST only when nothing can have reached the service, and every error
 * says whether a write's outcome is unknown. (The same rules over real sockets, against
 * the local server's fault injection: retries-depend-on-method-and-failure.test.ts.)
 */
import { describe, expect, it } from "vitest";
import {
  UptimeConfigError,
  UptimeError,
  UptimeNetworkError,
  UptimeNotFoundError,
  UptimeServerError,
  UptimeValidationError,
} from "../../src/client/errors";
import { fakeDispatcher, fakeRequester, transportError, type FakeReply } from "./helpers/fake-dispatcher";
import type { Call } from "../../src/client/request";

const ok: FakeReply = { json: { data: { id: 1 } } };
const status = (s: number): FakeReply => ({ status: s, json: { message: `status ${s}` } });
const fails = (code: string): FakeReply => ({ error: transportError(code) });

/**
 * Sends `call` through a requester whose dispatcher answers the n-th attempt with
 * `replies[n]` (the last one again after that), with no backoff wait.
 */
async function attempt(call: Call, replies: FakeReply[], maxAttempts = 3) {
  const fake = fakeDispatcher((_r, i) => replies[Math.min(i, replies.length - 1)]);
  const requester = fakeRequester(fake, { random: () => 0, retry: { maxAttempts } });
  const outcome = await requester.send(call).then(
    (result) => ({ result, error: undefined }),
    (error: unknown) => ({ result: undefined, error }),
  );
  return { ...outcome, sent: fake.sent.map((r) => `${r.method} ${r.path}`) };
}

describe("a status the service answered", () => {
  it("a GET is repeated after 500, 502, 503 and 504 and succeeds when an answer comes", async () => {
    for (const s of [500, 502, 503, 504]) {
      const { result, sent } = await attempt({ method: "GET", path: "/api/v1/monitors/1" }, [status(s), ok]);
      expect(result?.status).toBe(200);
      expect(sent).toHaveLength(2);
    }
  });

  it("a GET that keeps failing stops after maxAttempts with a server error that counts them", async () => {
    const { error, sent } = await attempt({ method: "GET", path: "/api/v1/monitors/1" }, [status(503)], 3);
    expect(sent).toHaveLength(3);
    expect(error).toBeInstanceOf(UptimeServerError);
    expect((error as UptimeError).message).toContain("(after 3 attempts)");
    expect((error as UptimeError).outcomeUnknown).toBe(false);
  });

  it("maxAttempts 1 sends once", async () => {
    const { error, sent } = await attempt({ method: "GET", path: "/api/v1/monitors/1" }, [status(503)], 1);
    expect(sent).toHaveLength(1);
    expect((error as UptimeError).message).not.toContain("attempts");
  });

  it("a POST answered with a 5xx is sent once and its error says the record may exist", async () => {
    const { error, sent } = await attempt({ method: "POST", path: "/api/v1/monitors", body: { name: "a" } }, [
      status(503),
      ok,
    ]);
    expect(sent).toEqual(["POST /api/v1/monitors"]);
    expect(error).toBeInstanceOf(UptimeServerError);
    expect((error as UptimeError).outcomeUnknown).toBe(true);
  });

  it("a PATCH that failed with a 5xx and then got a 4xx reports the 4xx with a known outcome", async () => {
    const { error, sent } = await attempt({ method: "PATCH", path: "/api/v1/monitors/1", body: { name: "" } }, [
      status(500),
      { status: 422, json: { message: "invalid", errors: { name: ["required"] } } },
    ]);
    expect(sent).toHaveLength(2);
    expect(error).toBeInstanceOf(UptimeValidationError);
    expect((error as UptimeError).outcomeUnknown).toBe(false);
  });

  it("a PATCH whose every attempt got a 5xx says its outcome is unknown; a GET's is known", async () => {
    const patch = await attempt({ method: "PATCH", path: "/api/v1/monitors/1", body: { name: "x" } }, [status(500)]);
    expect((patch.error as UptimeError).outcomeUnknown).toBe(true);
    const get = await attempt({ method: "GET", path: "/api/v1/monitors/1" }, [status(500)]);
    expect((get.error as UptimeError).outcomeUnknown).toBe(false);
  });

  it("a 4xx is the service's verdict: sent once, never repeated", async () => {
    for (const s of [400, 404, 409, 422]) {
      const { error, sent } = await attempt({ method: "GET", path: "/api/v1/monitors/1" }, [status(s), ok]);
      expect(sent).toHaveLength(1);
      expect((error as UptimeError).status).toBe(s);
    }
  });

  it("a 2xx other than 200 is a success", async () => {
    const { result } = await attempt({ method: "DELETE", path: "/api/v1/monitors/1" }, [{ status: 204 }]);
    expect(result).toEqual({ status: 204, text: "" });
  });

  it("a 3xx is not a success", async () => {
    for (const s of [300, 302]) {
      const { error } = await attempt({ method: "GET", path: "/api/v1/monitors/1" }, [status(s)]);
      expect(error).toBeInstanceOf(UptimeError);
      expect((error as UptimeError).status).toBe(s);
    }
  });

  it("a GET is never uncertain: its retry's 404 is reported even when the call would accept one", async () => {
    const { error } = await attempt(
      { method: "GET", path: "/api/v1/monitors/1", notFoundAfterUncertainRetryIsSuccess: true },
      [status(503), status(404)],
    );
    expect(error).toBeInstanceOf(UptimeNotFoundError);
  });
});

describe("a connection that gave no answer", () => {
  it("a POST is repeated when the connection was refused: nothing reached the service", async () => {
    const { result, sent } = await attempt({ method: "POST", path: "/api/v1/monitors", body: { name: "a" } }, [
      fails("ECONNREFUSED"),
      ok,
    ]);
    expect(result?.status).toBe(200);
    expect(sent).toHaveLength(2);
  });

  it("a POST whose connection broke is sent once, and its error says the outcome is unknown", async () => {
    const { error, sent } = await attempt({ method: "POST", path: "/api/v1/monitors", body: { name: "a" } }, [
      fails("ECONNRESET"),
      ok,
    ]);
    expect(sent).toHaveLength(1);
    expect(error).toBeInstanceOf(UptimeNetworkError);
    expect((error as UptimeError).outcomeUnknown).toBe(true);
  });

  it("a GET whose connection broke is repeated, and a GET's outcome is never unknown", async () => {
    const ended = await attempt({ method: "GET", path: "/api/v1/monitors/1" }, [fails("ECONNRESET"), ok]);
    expect(ended.sent).toHaveLength(2);
    expect(ended.result?.status).toBe(200);
    const failed = await attempt({ method: "GET", path: "/api/v1/monitors/1" }, [fails("ECONNRESET")]);
    expect(failed.sent).toHaveLength(3);
    expect((failed.error as UptimeError).outcomeUnknown).toBe(false);
  });

  it("a refused connection leaves a write's outcome known, even after every attempt", async () => {
    const { error, sent } = await attempt({ method: "PATCH", path: "/api/v1/monitors/1", body: { name: "x" } }, [
      fails("ECONNREFUSED"),
    ]);
    expect(sent).toHaveLength(3);
    expect((error as UptimeError).outcomeUnknown).toBe(false);
  });

  it("a write that broke once keeps its outcome unknown when a later attempt is refused", async () => {
    const { error } = await attempt({ method: "PATCH", path: "/api/v1/monitors/1", body: { name: "x" } }, [
      fails("ECONNRESET"),
      fails("ECONNREFUSED"),
    ]);
    expect((error as UptimeError).outcomeUnknown).toBe(true);
  });

  it("a write that broke once keeps its outcome unknown when a later attempt gets a 5xx", async () => {
    const { error } = await attempt({ method: "PATCH", path: "/api/v1/monitors/1", body: { name: "x" } }, [
      fails("ECONNRESET"),
      status(500),
    ]);
    expect(error).toBeInstanceOf(UptimeServerError);
    expect((error as UptimeError).outcomeUnknown).toBe(true);
  });
});

describe("a DELETE repeated after an uncertain attempt", () => {
  const del: Call = { method: "DELETE", path: "/api/v1/monitors/7", notFoundAfterUncertainRetryIsSuccess: true };

  it("takes the retry's 404 as the first attempt's success", async () => {
    const { result, sent } = await attempt(del, [fails("ECONNRESET"), status(404)]);
    expect(sent).toHaveLength(2);
    expect(result?.status).toBe(404);
  });

  it("takes a 404 after a 5xx the same way: the delete may have been applied", async () => {
    const { result } = await attempt(del, [status(502), status(404)]);
    expect(result?.status).toBe(404);
  });

  it("takes only a 404 as done: any other answer after the uncertain attempt stands", async () => {
    const { error } = await attempt(del, [fails("ECONNRESET"), status(409)]);
    expect((error as UptimeError).status).toBe(409);
  });

  it("reports a 404 that no earlier attempt explains", async () => {
    const { error } = await attempt(del, [status(404)]);
    expect(error).toBeInstanceOf(UptimeNotFoundError);
  });

  it("reports a 404 after a refused attempt: that attempt deleted nothing", async () => {
    const { error } = await attempt(del, [fails("ECONNREFUSED"), status(404)]);
    expect(error).toBeInstanceOf(UptimeNotFoundError);
  });

  it("reports a retry's 404 when the call did not ask for the leniency", async () => {
    const { error } = await attempt({ method: "DELETE", path: "/api/v1/monitors/7" }, [
      fails("ECONNRESET"),
      status(404),
    ]);
    expect(error).toBeInstanceOf(UptimeNotFoundError);
  });
});

describe("what goes on the wire", () => {
  it("sends the query and the form body encoded, with the key as a bearer token", async () => {
    const fake = fakeDispatcher(() => ok);
    await fakeRequester(fake).send({
      method: "POST",
      path: "/api/v1/monitors",
      query: { page: 2 },
      body: { name: "a b", interval: 60 },
    });
    expect(fake.sent[0]).toMatchObject({
      method: "POST",
      path: "/api/v1/monitors?page=2",
      body: "name=a%20b&interval=60",
      headers: {
        accept: "application/json",
        authorization: "Bearer k-fake",
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": "test",
      },
    });
  });

  it("sends no content type and no query mark when there is neither body nor query", async () => {
    const fake = fakeDispatcher(() => ok);
    await fakeRequester(fake).send({ method: "GET", path: "/api/v1/monitors/1" });
    expect(fake.sent[0].path).toBe("/api/v1/monitors/1");
    expect(fake.sent[0].headers).not.toHaveProperty("content-type");
    expect(fake.sent[0].body).toBeUndefined();
  });

  it("refuses a call after close with a config error, sending nothing", async () => {
    const fake = fakeDispatcher(() => ok);
    const requester = fakeRequester(fake);
    requester.close();
    const sending = requester.send({ method: "GET", path: "/api/v1/monitors/1" });
    await expect(sending).rejects.toBeInstanceOf(UptimeConfigError);
    await expect(sending).rejects.toMatchObject({ method: "GET", path: "/api/v1/monitors/1" });
    await expect(sending).rejects.toThrow("GET /api/v1/monitors/1: the uptime client was closed; create a new one");
    expect(fake.sent).toHaveLength(0);
  });
});
