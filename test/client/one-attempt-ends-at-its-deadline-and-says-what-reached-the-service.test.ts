/**
 * One HTTP exchange (transport.ts) on the in-process dispatcher and a fake clock: what it
 * sends, one deadline over the whole attempt, and how a failure is sorted (nothing sent,
 * maybe sent, timed out; final when retrying cannot help). (Real sockets, a trickling body:
 * timeouts-end-slow-attempts.test.ts in the server suite.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { sendOnce, TransportFailure, type TransportConfig } from "../../src/client/transport";
import { fakeDispatcher, transportError, type FakeReply } from "./helpers/fake-dispatcher";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function transport(reply: FakeReply, more: Partial<TransportConfig> = {}) {
  const fake = fakeDispatcher(() => reply);
  const cfg: TransportConfig = {
    dispatcher: fake.dispatcher,
    origin: "https://svc.example",
    pathPrefix: "/uptime",
    apiKey: "key-1",
    userAgent: "agent/1",
    timeoutMs: 500,
    ...more,
  };
  return { cfg, sent: fake.sent };
}

async function failureOf(p: Promise<unknown>): Promise<TransportFailure> {
  const err = await p.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(TransportFailure);
  return err as TransportFailure;
}

describe("what is sent", () => {
  it("the prefixed path and query, the key as a bearer token, JSON asked for", async () => {
    const { cfg, sent } = transport({ json: { ok: 1 }, headers: { "x-a": "b" } });
    const res = await sendOnce(cfg, { method: "GET", path: "/api/v1/monitors", query: "page=2" });
    expect(res).toEqual({ status: 200, headers: { "content-type": "application/json", "x-a": "b" }, text: '{"ok":1}' });
    expect(sent[0].path).toBe("/uptime/api/v1/monitors?page=2");
    expect(sent[0].headers).toEqual({
      accept: "application/json",
      authorization: "Bearer key-1",
      "user-agent": "agent/1",
    });
  });

  it("a form body with its content type", async () => {
    const { cfg, sent } = transport({ status: 201 });
    await sendOnce(cfg, { method: "POST", path: "/api/v1/monitors", body: "name=a" });
    expect(sent[0].headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(sent[0].body).toBe("name=a");
    expect(sent[0].path).toBe("/uptime/api/v1/monitors");
  });

  it("leaves no timer behind once answered", async () => {
    const { cfg } = transport({ json: {} });
    await sendOnce(cfg, { method: "GET", path: "/p" });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("the deadline", () => {
  it("ends an attempt with no answer exactly at timeoutMs, as a timeout", async () => {
    const { cfg } = transport({ hang: true });
    let settled = false;
    const p = sendOnce(cfg, { method: "GET", path: "/p" }).finally(() => (settled = true));
    void p.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const f = await failureOf(p);
    expect(f.kind).toBe("timeout");
    expect((f.error as Error).message).toBe("attempt timed out");
    expect(f.final).toBe(false);
  });

  it("lets an answer that comes before it through", async () => {
    const { cfg } = transport({ afterMs: 499, json: { ok: true } });
    const p = sendOnce(cfg, { method: "GET", path: "/p" });
    await vi.advanceTimersByTimeAsync(499);
    expect((await p).status).toBe(200);
  });
});

describe("a failure", () => {
  it("before anything was sent is not-sent; after, maybe-sent; neither is final", async () => {
    const refused = await failureOf(
      sendOnce(transport({ error: transportError("ECONNREFUSED") }).cfg, { method: "POST", path: "/p" }),
    );
    expect([refused.kind, refused.final]).toEqual(["not-sent", false]);
    const reset = await failureOf(
      sendOnce(transport({ error: transportError("ECONNRESET") }).cfg, { method: "POST", path: "/p" }),
    );
    expect([reset.kind, reset.final]).toEqual(["maybe-sent", false]);
    expect((reset.error as Error & { code: string }).code).toBe("ECONNRESET");
  });

  it("at a certificate is not-sent and final: no request reached the service, and trying again cannot help", async () => {
    const f = await failureOf(
      sendOnce(transport({ error: transportError("CERT_HAS_EXPIRED") }).cfg, { method: "POST", path: "/p" }),
    );
    expect([f.kind, f.final]).toEqual(["not-sent", true]);
  });

  it("at a proxy that refused the tunnel is not-sent; final only when the proxy forbids", async () => {
    const proxy = { uri: "http://p:1", shown: "http://p:1", from: "HTTPS_PROXY" };
    const route = { proxy, proxySetting: "proxyUrl", caSetting: "caCertificates", baseUrlSetting: "baseUrl" };
    const refused = (status: number) =>
      failureOf(
        sendOnce(transport({ error: new Error(`Proxy response (${status})`) }, { route }).cfg, {
          method: "GET",
          path: "/p",
        }),
      );
    const denied = await refused(407);
    expect([denied.kind, denied.final]).toEqual(["not-sent", true]);
    const gateway = await refused(502);
    expect([gateway.kind, gateway.final]).toEqual(["not-sent", false]);
  });
});
