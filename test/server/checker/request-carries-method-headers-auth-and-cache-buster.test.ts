/**
 * The check request is the monitor's: its method, its headers, its Basic auth, and a
 * fresh random query parameter per check when `cache_buster` is 1. Credentials do not
 * follow a redirect to another origin.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { createMonitor } from "../../support/api";
import { probeHeaders } from "../../support/monitor-bodies";
import { startCheckingServer, type UptimeServer } from "../../support/server";
import { startTarget, type Target } from "../../support/targets";

let server: UptimeServer;
let target: Target;
beforeAll(async () => {
  server = await startCheckingServer();
  target = await startTarget();
});
afterAll(async () => {
  await server.close();
  await target.close();
});

/** The requests one round sends to `target`. */
async function roundRequests(t: Target) {
  const from = t.requests.length;
  await server.runChecks();
  return t.requests.slice(from);
}

test("method, headers and Basic auth are the monitor's", async () => {
  await createMonitor(server, {
    url: `${target.url}/probe?x=1`,
    request_method: "POST",
    request_headers: probeHeaders(),
    request_auth_username: "checker",
    request_auth_password: "s3cret:with-colon",
  });
  const [req] = await roundRequests(target);
  expect(req.method).toBe("POST");
  expect(req.url).toBe("/probe?x=1");
  expect(req.headers["x-probe"]).toBe("uptime");
  expect(req.headers.accept).toBe("text/plain");
  expect(req.headers.authorization).toBe(`Basic ${Buffer.from("checker:s3cret:with-colon").toString("base64")}`);
  expect(req.headers["user-agent"]).toBe("uptime-server-checker");
});

test("cache_buster adds a different random parameter to every check, keeping the URL's own", async () => {
  const t = await startTarget();
  try {
    await createMonitor(server, { url: `${t.url}/page?lang=en`, cache_buster: 1 });
    const first = (await roundRequests(t))[0];
    const second = (await roundRequests(t))[0];
    const query = (url: string) => new URL(url, t.url).searchParams;
    expect(query(first.url).get("lang")).toBe("en");
    expect(query(first.url).get("_")).toMatch(/^[0-9a-f]{12}$/);
    expect(query(second.url).get("_")).toMatch(/^[0-9a-f]{12}$/);
    expect(query(second.url).get("_")).not.toBe(query(first.url).get("_"));
  } finally {
    await t.close();
  }
});

test("without cache_buster the URL is requested as it is", async () => {
  const t = await startTarget();
  try {
    await createMonitor(server, { url: `${t.url}/plain`, cache_buster: 0 });
    expect((await roundRequests(t)).map((r) => r.url)).toEqual(["/plain"]);
  } finally {
    await t.close();
  }
});

test("HEAD is sent as HEAD, and a redirect after POST continues with GET", async () => {
  const head = await startTarget();
  const landing = await startTarget();
  const post = await startTarget();
  try {
    await createMonitor(server, { url: `${head.url}/h`, request_method: "HEAD" });
    post.set({ kind: "redirect", location: `${landing.url}/after-post`, status: 302 });
    await createMonitor(server, { url: `${post.url}/p`, request_method: "POST" });
    await server.runChecks();
    expect(head.requests.map((r) => r.method)).toEqual(["HEAD"]);
    expect(post.requests.map((r) => r.method)).toEqual(["POST"]);
    expect(landing.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /after-post"]);
  } finally {
    await Promise.all([head.close(), landing.close(), post.close()]);
  }
});

test("Basic auth goes along a redirect on the same origin, but not to another origin", async () => {
  const start = await startTarget();
  const other = await startTarget();
  try {
    start.set({ kind: "redirect", location: "/moved" });
    await createMonitor(server, { url: `${start.url}/old`, request_auth_username: "u", request_auth_password: "p" });
    await server.runChecks();
    // Same origin: /old redirects to /moved on the same target, which redirects again below.
    expect(start.requests.map((r) => r.url).slice(0, 2)).toEqual(["/old", "/moved"]);
    expect(
      start.requests.every((r) => r.headers.authorization === `Basic ${Buffer.from("u:p").toString("base64")}`),
    ).toBe(true);

    const hop = await startTarget();
    try {
      hop.set({ kind: "redirect", location: `${other.url}/elsewhere` });
      await createMonitor(server, {
        url: `${hop.url}/x`,
        request_auth_username: "u",
        request_auth_password: "p",
        request_headers: [{ key: "Authorization", value: "Bearer token" }],
      });
      await server.runChecks();
      expect(hop.requests.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from("u:p").toString("base64")}`);
      expect(other.requests.at(-1)!.url).toBe("/elsewhere");
      expect(other.requests.at(-1)!.headers.authorization).toBeUndefined();
    } finally {
      await hop.close();
    }
  } finally {
    await Promise.all([start.close(), other.close()]);
  }
});
