/**
 * The status page at `/`: behind the API key (Basic auth with the key as password, or a
 * Bearer header), never asking for the key in a URL; one account's monitors and
 * incidents only; every stored value escaped; no secret of a monitor on it; not counted
 * against the API's rate limit.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, createIncident, createMonitor } from "../../support/api";
import { startCheckingServer, type UptimeServer } from "../../support/server";
import { startTarget, type Target } from "../../support/targets";

const basic = (key: string, user = "ops") => ({
  Authorization: `Basic ${Buffer.from(`${user}:${key}`).toString("base64")}`,
});
const page = (headers: Record<string, string> = {}, path = "/") =>
  api(server, "GET", path, { key: null, headers: { Accept: "text/html", ...headers } });

let server: UptimeServer;
let target: Target;
beforeAll(async () => {
  server = await startCheckingServer({
    accounts: [
      { apiKey: "key-a", name: "team-a", timeZone: "Europe/Berlin" },
      { apiKey: "key-b", name: "team-b" },
    ],
  });
  target = await startTarget();
});
afterAll(async () => {
  await server.close();
  await target.close();
});

describe("sign-in", () => {
  test("without a key: 401 asking for Basic credentials, and no data", async () => {
    await createMonitor(server, { name: "Hidden", url: `${target.url}/hidden` }, "key-a");
    const res = await page();
    expect(res.status).toBe(401);
    expect(res.headers["www-authenticate"]).toBe('Basic realm="uptime-server status page", charset="UTF-8"');
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.text).toContain("API key as the password");
    expect(res.text).not.toContain("Hidden");
  });

  test.each([
    ["a wrong key", basic("key-x")],
    [
      "the key as user name instead of password",
      { Authorization: `Basic ${Buffer.from("key-a:").toString("base64")}` },
    ],
    ["no colon at all", { Authorization: `Basic ${Buffer.from("key-a").toString("base64")}` }],
    ["a key in the query string", {}],
  ])("%s: 401", async (_label, headers) => {
    expect((await page(headers, "/?api_key=key-a&key=key-a")).status).toBe(401);
  });

  test("the key as Basic password (any user name) or as Bearer token: 200 HTML", async () => {
    for (const headers of [basic("key-a"), basic("key-a", ""), { Authorization: "Bearer key-a" }]) {
      const res = await page(headers);
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/^<!doctype html>/);
      expect(res.text).toContain("Hidden");
    }
  });

  test("HEAD answers the head only", async () => {
    const res = await api(server, "HEAD", "/", { key: null, headers: basic("key-a") });
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
  });
});

describe("content", () => {
  test("one account's monitors and incidents, times in its zone", async () => {
    const m = await createMonitor(server, { name: "Team A API", url: `${target.url}/api` }, "key-a");
    await createMonitor(server, { name: "Team B API", url: `${target.url}/b` }, "key-b");
    await createIncident(
      server,
      { monitor_id: m.id, started_at: "2024-05-01T10:00:00", ended_at: "2024-05-01T10:30:00", cause: "bad deploy" },
      "key-a",
    );
    const html = (await page(basic("key-a"))).text;
    expect(html).toContain("Team A API");
    expect(html).not.toContain("Team B API");
    expect(html).toContain("bad deploy");
    // Berlin is UTC+2 in May: entered 10:00 there, shown 10:00.
    expect(html).toContain("2024-05-01 10:00:00");
    expect(html).toContain("Europe/Berlin");
    expect(html).toContain("Account team-a");
  });

  test("after a check: status, last check, response time and result", async () => {
    target.failing(503);
    await server.runChecks();
    const html = (await page(basic("key-b"))).text;
    const row = /<tr data-monitor-id="\d+">[\s\S]*?Team B API[\s\S]*?<\/tr>/.exec(html)![0];
    expect(row).toContain('class="status status-offline">offline<');
    expect(row).toMatch(/\d+ ms/);
    expect(row).toContain("503 Service Unavailable");
    expect(html).toMatch(
      /<table id="ongoing">[\s\S]*Team B API[\s\S]*unresolved[\s\S]*ongoing[\s\S]*503 Service Unavailable/,
    );
  });

  test("stored values are escaped, and no secret of a monitor is shown", async () => {
    await createMonitor(
      server,
      {
        name: `<script>alert("x")</script> & <b>`,
        url: `http://checker:url-password-123@127.0.0.1:${target.port}/secret-path`,
        request_headers: [{ key: "X-Token", value: "header-secret-456" }],
        request_auth_username: "basic-user",
        request_auth_password: "basic-password-789",
        alerts: [{ key: "webhook", value: "https://hooks.example.com/webhook-secret-000" }],
      },
      "key-b",
    );
    const res = await page(basic("key-b"));
    expect(res.text).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;");
    expect(res.text).not.toContain('<script>alert("x")');
    for (const secret of [
      "url-password-123",
      "header-secret-456",
      "basic-password-789",
      "webhook-secret-000",
      "key-b",
    ]) {
      expect(res.text).not.toContain(secret);
    }
    expect(res.text).toContain(`http://127.0.0.1:${target.port}/secret-path`);
    // Only the page's own nonce'd script and style may run.
    expect(res.headers["content-security-policy"]).toMatch(/default-src 'none'; script-src 'nonce-[A-Za-z0-9+/=]+'/);
  });

  test("?refresh= sets the refresh period within bounds", async () => {
    expect((await page(basic("key-a"), "/?refresh=2")).text).toContain("refreshes every 2 s");
    expect((await page(basic("key-a"), "/?refresh=0")).text).toContain("refreshes every 10 s");
    expect((await page(basic("key-a"), "/?refresh=abc")).text).toContain("refreshes every 10 s");
  });
});

test("page views do not use the API's rate limit", async () => {
  server.setRateLimit(2);
  try {
    for (let i = 0; i < 5; i++) expect((await page(basic("key-a"))).status).toBe(200);
    expect((await api(server, "GET", "/api/v1/monitors", { key: "key-a" })).headers["x-ratelimit-remaining"]).toBe("1");
  } finally {
    server.setRateLimit(undefined);
  }
});
