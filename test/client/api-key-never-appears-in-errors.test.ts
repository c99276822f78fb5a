/**
 * The API key never shows up in anything a thrown error carries: message, stack,
 * properties, cause, JSON form or a full util.inspect, for every kind of failure,
 * including a server that echoes the Authorization header back. Logging a client does
 * not print it either.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inspect } from "node:util";
import { UptimeClient } from "../../src/client";
import { UptimeError, UptimeInputError } from "../../src/client/errors";
import { freePort, monitorBody, startTinyServer, type TinyServer } from "./helpers/tiny-server";
import { localClient, startTestServer, type UptimeServer } from "./helpers/local-server";

const KEY = "sk-live-7f3a9c1e5b2d4f6a8c0e";

/** Every view of an error a log line or a crash report could contain. */
function views(err: unknown): string[] {
  const e = err as Error & { cause?: unknown };
  return [
    String(e.message),
    String(e.stack),
    JSON.stringify(e),
    JSON.stringify(e, Object.getOwnPropertyNames(e)),
    inspect(e, { depth: Infinity, showHidden: true }),
    inspect(e.cause, { depth: Infinity, showHidden: true }),
    String((e.cause as Error | undefined)?.stack),
  ];
}

function expectNoKey(err: unknown): void {
  expect(err).toBeInstanceOf(Error);
  for (const v of views(err)) expect(v).not.toContain(KEY);
}

/** The error `call` fails with, once checked for the key. */
async function keylessFailure(call: Promise<unknown>): Promise<UptimeError> {
  const err = await call.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e,
  );
  expectNoKey(err);
  return err as UptimeError;
}

describe("the API key", () => {
  let server: TinyServer;
  let client: UptimeClient;
  beforeAll(async () => {
    // Each path fails in its own way; the service echoes the Authorization header in each body.
    server = await startTinyServer((req) => {
      const echo = { message: `rejected ${req.headers.authorization}`, headers: req.headers };
      const id = Number(req.url.split("?")[0].split("/").pop());
      switch (id) {
        case 401:
          return { status: 401, json: echo };
        case 403:
          return { status: 403, json: echo };
        case 404:
          return { status: 404, json: echo };
        case 422:
          return { status: 422, json: { message: { url: [`bad ${req.headers.authorization}`] } } };
        case 429:
          return { status: 429, json: echo, headers: { "retry-after": "600" } };
        case 500:
          return { status: 500, json: echo };
        case 503:
          return { status: 503, text: `upstream said ${req.headers.authorization}` };
        case 1:
          return { drop: true };
        case 2:
          return { delayMs: 400, json: { data: monitorBody() } };
        case 3:
          return { json: { data: { id: 3, name: req.headers.authorization } } };
        default:
          return { status: 400, json: echo };
      }
    });
    client = new UptimeClient({
      baseUrl: server.url,
      apiKey: KEY,
      timeoutMs: 100,
      retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2, maxRateLimitWaitMs: 1000 },
    });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  // 429 runs last (below): it closes this account's gate for the rest of the suite.
  it.each([401, 403, 404, 422, 500, 503, 400])("is not in the error of a %i that echoes it", async (status) => {
    const err = await keylessFailure(client.monitors.update(status, { name: "x" }));
    expect(err).toBeInstanceOf(UptimeError);
    expect(err.status).toBe(status);
  });

  it("is not in the error of a dropped connection (a write whose outcome is unknown)", async () => {
    const err = await keylessFailure(client.monitors.update(1, { name: "x" }));
    expect(err.outcomeUnknown).toBe(true);
    expect(err.cause).toBeDefined();
  });

  it("is not in the error of a timeout", async () => {
    expect((await keylessFailure(client.monitors.get(2))).message).toContain("timed out");
  });

  it("is not in the error of a refused connection", async () => {
    const c = new UptimeClient({
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      apiKey: KEY,
      retry: { maxAttempts: 2, baseDelayMs: 1 },
    });
    const err = await keylessFailure(c.monitors.create({ name: "m", url: "https://example.com", interval: 60 }));
    await c.close();
    expect(err.message).toContain("connection refused");
    expect(err.outcomeUnknown).toBe(false);
  });

  it("is not in the error of a response that does not parse", async () => {
    expect((await keylessFailure(client.monitors.get(3))).name).toBe("UptimeResponseError");
  });

  it("is not in an input error", async () => {
    const err = await keylessFailure(
      client.monitors.create({ name: KEY.slice(0, 3), url: "nope", interval: 1 } as never),
    );
    expect(err).toBeInstanceOf(UptimeInputError);
  });

  it("is not in the error of a 429 that echoes it", async () => {
    expect((await keylessFailure(client.monitors.update(429, { name: "x" }))).status).toBe(429);
  });

  it("is not printed when the client itself is logged", () => {
    // Depth 10 reaches every object the client holds; Infinity would walk the zod schemas for seconds.
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(KEY);
    expect(JSON.stringify(client)).not.toContain(KEY);
  });
});

describe("the API key, against the local server,", () => {
  let local: UptimeServer;
  let client: UptimeClient;
  beforeAll(async () => {
    local = await startTestServer({ accounts: [{ apiKey: KEY }], rateLimitPerMinute: 30 });
    client = localClient(local, { apiKey: KEY, retry: { maxAttempts: 2, maxRateLimitWaitMs: 500 } });
  });
  afterAll(async () => {
    await client.close();
    await local.close();
  });

  const create = (name: string, c = client) => c.monitors.create({ name, url: "https://example.com", interval: 60 });

  it("is in no error the service or the connection produces", async () => {
    const errors: unknown[] = [];
    const capture = (p: Promise<unknown>) =>
      p.then(
        () => {
          throw new Error("expected a failure");
        },
        (e: unknown) => errors.push(e),
      );

    await create("leak-dup");
    await capture(create("leak-dup")); // 422
    await capture(client.monitors.get(424242)); // 404
    // Only the delay fault gets a short deadline, so that no other case turns into a timeout.
    const impatient = localClient(local, { apiKey: KEY, timeoutMs: 100, retry: { maxAttempts: 2 } });
    for (const kind of ["503", "500", "drop-before", "drop-after", "delay"] as const) {
      const c = kind === "delay" ? impatient : client;
      local.setFaults({ rate: 1, kinds: [kind], delayMs: 300 });
      await capture(create(`leak-${kind}`, c)); // POST: outcome unknown
      await capture(c.monitors.list()); // GET: after retries
    }
    local.setFaults(undefined);
    await impatient.close();
    local.setRateLimit(1);
    await client.monitors.list().catch(() => undefined);
    await capture(client.monitors.list()); // 429, wait budget exceeded

    expect(errors.map((e) => (e as Error).name)).toEqual([
      "UptimeValidationError",
      "UptimeNotFoundError",
      "UptimeServerError",
      "UptimeServerError",
      "UptimeServerError",
      "UptimeServerError",
      "UptimeNetworkError",
      "UptimeNetworkError",
      "UptimeNetworkError",
      "UptimeNetworkError",
      "UptimeNetworkError",
      "UptimeNetworkError",
      "UptimeRateLimitError",
    ]);
    for (const e of errors) expectNoKey(e);
  });

  it("of a rejected key is not echoed in the 401 either", async () => {
    const wrongKey = "sk-live-wrong-0000000000000";
    const c = localClient(local, { apiKey: wrongKey });
    const err = await c.monitors.list().catch((e: unknown) => e);
    await c.close();
    expect((err as Error).name).toBe("UptimeUnauthorizedError");
    for (const v of views(err)) expect(v).not.toContain(wrongKey);
  });
});
