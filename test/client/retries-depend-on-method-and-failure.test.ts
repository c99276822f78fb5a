/**
 * Retries against the local server's fault injection, counted at the server:
 * GET, PATCH and DELETE are retried after 502/503/504, dropped connections and
 * timeouts; a POST is never retried once it may have reached the service, and its error
 * says the outcome is unknown. A refused connection (nothing sent) is retried for POST too.
 *
 * Each "once" fault is switched off from the server's log callback, which runs in the
 * same tick as the faulty answer, so the client's retry always meets a healthy server.
 */
import { eventually } from "../support/eventually";
import { beforeEach, describe, expect, it } from "vitest";
import { UptimeClient } from "../../src/client";
import { UptimeNetworkError, UptimeServerError } from "../../src/client/errors";
import type { FaultKind } from "../../src/server";
import { failure, localClient, recordingDispatcher, startTestServer, uniqueName } from "./helpers/local-server";
import { freePort, monitorBody, startTinyServer } from "./helpers/tiny-server";
import { fileFixture } from "../support/file-fixture";

let faultsLeft = 0;

const server = fileFixture(() =>
  startTestServer({
    log: (line) => {
      if (line.includes("(fault:") && --faultsLeft === 0) server.setFaults(undefined);
    },
  }),
);
const client = fileFixture(async () => localClient(server));
beforeEach(() => {
  server.setFaults(undefined);
  server.resetStats();
});

/** Makes the next `times` API requests fail with `kind`, then heals. */
function fault(kind: FaultKind, times = 1): void {
  faultsLeft = times;
  server.setFaults({ rate: 1, kinds: [kind] });
}

/** Requests the server saw after the setup, as "METHOD status". */
const seen = (method?: string) =>
  server.requests.filter((r) => !method || r.method === method).map((r) => `${r.method} ${r.status}`);

async function monitor() {
  const m = await client.monitors.create({ name: uniqueName(), url: "https://example.com", interval: 60 });
  server.resetStats();
  return m;
}

describe("GET", () => {
  it.each(["503", "500", "drop-before", "drop-after"] as const)("is retried after %s", async (kind) => {
    const m = await monitor();
    fault(kind);
    expect((await client.monitors.get(m.id)).id).toBe(m.id);
    const first = kind.startsWith("drop") ? 0 : Number(kind);
    expect(seen()).toEqual([`GET ${first}`, "GET 200"]);
  });

  it("gives up after maxAttempts with UptimeServerError, outcome known", async () => {
    fault("503", 100);
    const err = await failure(client.monitors.list());
    expect(err).toBeInstanceOf(UptimeServerError);
    expect(err).toMatchObject({ status: 503, outcomeUnknown: false });
    expect(err.message).toMatch(/^GET \/api\/v1\/monitors: server error \(503\).* \(after 4 attempts\)$/);
    expect(seen()).toEqual(Array(4).fill("GET 503"));
  });
});

describe("POST", () => {
  it.each(["503", "500"] as const)("is not retried after %s; the outcome is unknown", async (kind) => {
    const name = uniqueName();
    fault(kind);
    const err = await failure(client.monitors.create({ name, url: "https://example.com", interval: 60 }));
    expect(err).toBeInstanceOf(UptimeServerError);
    expect(err.outcomeUnknown).toBe(true);
    expect(err.message).toContain("The outcome is unknown");
    expect(err.message).toContain("Look it up before trying again");
    expect(seen()).toEqual([`POST ${kind}`]);
    expect(server.writeCount()).toBe(1);
  });

  it("is not retried after the connection dropped once the record was stored; looking it up finds it", async () => {
    const name = uniqueName();
    fault("drop-after");
    const err = await failure(client.monitors.create({ name, url: "https://example.com", interval: 60 }));
    expect(err).toBeInstanceOf(UptimeNetworkError);
    expect(err.outcomeUnknown).toBe(true);
    expect(err.message).toMatch(
      /^POST \/api\/v1\/monitors: no response: connection lost .*The outcome is unknown: the record may have been created\./,
    );
    expect(seen("POST")).toEqual(["POST 0"]);
    expect((await client.monitors.findByName(name))?.name).toBe(name);
  });

  it("is not retried after the connection dropped before processing either (the client cannot tell)", async () => {
    const name = uniqueName();
    fault("drop-before");
    const err = await failure(client.monitors.create({ name, url: "https://example.com", interval: 60 }));
    expect(err.outcomeUnknown).toBe(true);
    expect(seen()).toEqual(["POST 0"]);
    expect(await client.monitors.findByName(name)).toBeUndefined();
  });

  it("is retried when the connection was refused: nothing was sent", async () => {
    const port = await freePort();
    const rec = recordingDispatcher();
    const c = new UptimeClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: "refused-key",
      dispatcher: rec.dispatcher,
      retry: { maxAttempts: 1000, baseDelayMs: 40, maxDelayMs: 40 },
    });
    const created = c.monitors.create({ name: "m1", url: "https://example.com", interval: 60 });
    // Nothing listens yet: the first attempt is refused (a second is sent only after that).
    // Then a server appears on the port.
    await eventually("a second attempt", () => rec.sent.length >= 2, 5_000);
    const tiny = await startTinyServer(() => ({ status: 201, json: { data: monitorBody({ id: 4 }) } }), port);
    try {
      expect((await created).id).toBe(4);
      expect(rec.sent.length).toBeGreaterThan(1);
      expect(tiny.requests.map((r) => r.method)).toEqual(["POST"]);
    } finally {
      await c.close();
      await rec.close();
      await tiny.close();
    }
  });
});

describe("PATCH", () => {
  it.each(["drop-before", "drop-after", "503", "500"] as const)(
    "is retried after %s (the same absolute values again)",
    async (kind) => {
      const m = await monitor();
      fault(kind);
      expect((await client.monitors.update(m.id, { interval: 600 })).interval).toBe(600);
      expect(seen()).toEqual([`PATCH ${kind === "503" || kind === "500" ? kind : 0}`, "PATCH 200"]);
    },
  );

  it.each([
    ["500s", "500", UptimeServerError, "The outcome is unknown: the change may have been applied.", "PATCH 500"],
    ["dropped connections", "drop-after", UptimeNetworkError, "(after 4 attempts)", "PATCH 0"],
  ] as const)("gives up after maxAttempts %s; the outcome is unknown", async (_, kind, errorClass, says, attempt) => {
    const m = await monitor();
    fault(kind, 100);
    const err = await failure(client.monitors.update(m.id, { interval: 600 }));
    expect(err).toBeInstanceOf(errorClass);
    expect(err.outcomeUnknown).toBe(true);
    expect(err.message).toContain(says);
    expect(seen()).toEqual(Array(4).fill(attempt));
  });
});

describe("DELETE", () => {
  it("is retried after the connection dropped; the retry's 404 means the first attempt did it", async () => {
    const m = await monitor();
    fault("drop-after");
    await expect(client.monitors.delete(m.id)).resolves.toBeUndefined();
    expect(seen()).toEqual(["DELETE 0", "DELETE 404"]);
  });

  it("still reports a 404 that no earlier attempt explains", async () => {
    await expect(client.incidents.delete(999_999)).rejects.toMatchObject({ status: 404, name: "UptimeNotFoundError" });
  });
});
