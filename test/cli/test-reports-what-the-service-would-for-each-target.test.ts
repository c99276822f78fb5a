/**
 * `pulumi-uptime test --file` checks each monitor of the GitOps monitors file once, with
 * the service's semantics, against real HTTP targets on loopback: a good one passes; a 404,
 * a 500 and one slower than the timeout alert with the reason the service would give; the
 * text conditions alert on the text being there (url_text) or missing (url_no_text); basic
 * auth is sent; paused monitors are skipped. Exit 1 when any would alert, 0 otherwise.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTarget, type Target } from "../support/targets";
import { byName, runTestCommand, scratch } from "./helpers";

let good: Target, missing: Target, broken: Target, slow: Target, text: Target, auth: Target;
const dir = scratch();
beforeAll(async () => {
  [good, missing, broken, slow, text, auth] = await Promise.all(Array.from({ length: 6 }, () => startTarget()));
  missing.failing(404, "no such page");
  broken.failing(500, "oops");
  slow.set({ kind: "hang" });
  text.healthy('{"status":"ok","db":"up"}');
  auth.set({ kind: "basic-auth", username: "probe", password: "s3cret-pass" });
});
afterAll(async () => {
  await Promise.all([good, missing, broken, slow, text, auth].map((t) => t.close()));
  dir.dispose();
});

const base = { interval: 60 };

test("each monitor is pass, alert with the service's reason, or skipped; exit 1 when any alerts", async () => {
  const file = dir.monitors({
    good: { ...base, name: "good", url: `${good.url}/health` },
    missing: { ...base, name: "missing", url: `${missing.url}/gone` },
    broken: { ...base, name: "broken", url: broken.url },
    slow: { ...base, name: "slow", url: slow.url },
    "text-present": {
      ...base,
      name: "text present, url_no_text",
      url: text.url,
      alertCondition: "url_no_text",
      alertTextLookup: '"status":"ok"',
    },
    "text-absent": {
      ...base,
      name: "text absent, url_no_text",
      url: text.url,
      alertCondition: "url_no_text",
      alertTextLookup: '"status":"down"',
    },
    "error-text": {
      ...base,
      name: "error text present, url_text",
      url: text.url,
      alertCondition: "url_text",
      alertTextLookup: '"db":"up"',
    },
    "error-absent": {
      ...base,
      name: "error text absent, url_text",
      url: text.url,
      alertCondition: "url_text",
      alertTextLookup: "Exception",
    },
    "auth-ok": {
      ...base,
      name: "auth given",
      url: auth.url,
      requestAuthUsername: "probe",
      requestAuthPassword: "s3cret-pass",
    },
    "auth-none": { ...base, name: "auth missing", url: auth.url },
    paused: { ...base, name: "paused", url: broken.url, paused: true },
    "in-maintenance": {
      ...base,
      name: "in maintenance",
      url: broken.url,
      maintenanceStartAt: "2020-01-01T00:00:00",
      maintenanceEndAt: "2099-01-01T00:00:00",
    },
  });
  const junit = join(dir.dir, "report.xml");
  const r = await runTestCommand(["--file", file, "--json", "--timeout", "1", "--junit", junit]);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(1);
  const results = byName(r.stdout);
  const outcome = (name: string) => [results[name].outcome, results[name].reason];
  expect(outcome("good")).toEqual(["pass", "200 OK"]);
  expect(results.good.url).toBe(`${good.url}/health`);
  expect(outcome("missing")).toEqual(["alert", "404 Not Found"]);
  expect(outcome("broken")).toEqual(["alert", "500 Internal Server Error"]);
  expect(outcome("slow")).toEqual(["alert", "timed out after 1000 ms"]);
  expect(outcome("text present, url_no_text")).toEqual(["pass", '200 OK, text ""status":"ok"" found']);
  expect(outcome("text absent, url_no_text")).toEqual(["alert", '200 OK, text ""status":"down"" not found']);
  expect(outcome("error text present, url_text")).toEqual(["alert", '200 OK, text ""db":"up"" found']);
  expect(outcome("error text absent, url_text")).toEqual(["pass", '200 OK, text "Exception" not found']);
  expect(outcome("auth given")).toEqual(["pass", "200 OK"]);
  expect(outcome("auth missing")).toEqual(["alert", "401 Unauthorized"]);
  expect(results.paused.outcome).toBe("skipped");
  expect(results.paused.reason).toMatch(/paused/);
  expect(results["in maintenance"].outcome).toBe("skipped");
  expect(results["in maintenance"].reason).toMatch(/maintenance window/);
  // Paused and in-maintenance monitors were not requested at all: only "broken" reached that target.
  expect(broken.requests).toHaveLength(1);

  const xml = readFileSync(junit, "utf8");
  expect(xml).toMatch(/<testsuites name="pulumi-uptime test" tests="12" failures="6" errors="0" skipped="2"/);
  expect(xml).toContain('<testcase classname="monitors" name="missing"');
  expect(xml).toContain('<failure type="alert" message="404 Not Found">');
  expect(xml).toContain('<skipped message="paused: the service does not check a paused monitor"/>');
  // Nothing secret in either report.
  expect(r.stdout).not.toContain("s3cret-pass");
  expect(xml).not.toContain("s3cret-pass");
});

test("all passing is exit 0, with one line per monitor for a person", async () => {
  const file = dir.monitors(
    { a: { ...base, name: "a", url: good.url }, b: { ...base, name: "b", url: `${good.url}/b` } },
    "ok.yaml",
  );
  const r = await runTestCommand(["--file", file]);
  expect(r.code).toBe(0);
  expect(r.stdout).toBe(
    `pass  a (${good.url}): 200 OK\npass  b (${good.url}/b): 200 OK\n2 monitors: 2 pass, 0 alert, 0 skipped\n`,
  );
});

test("method, headers and cache buster are the monitor's", async () => {
  const file = dir.monitors(
    {
      head: {
        ...base,
        name: "head",
        url: `${good.url}/h?keep=1`,
        requestMethod: "HEAD",
        requestHeaders: [{ key: "X-Probe", value: "yes" }],
        cacheBuster: 1,
      },
    },
    "request.yaml",
  );
  const before = good.requests.length;
  expect((await runTestCommand(["--file", file])).code).toBe(0);
  const req = good.requests[before];
  expect(req.method).toBe("HEAD");
  expect(req.headers["x-probe"]).toBe("yes");
  expect(req.url).toMatch(/^\/h\?keep=1&_=[0-9a-f]{12}$/);
});

test("--base-url runs the same checks against another environment", async () => {
  const file = dir.monitors(
    Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [
        `m${i}`,
        { ...base, name: `m${i}`, url: `https://shop.example.com/p/${i}` },
      ]),
    ),
    "prod.yaml",
  );
  const before = good.requests.length;
  const r = await runTestCommand([
    "--file",
    file,
    "--json",
    "--base-url",
    `https://shop.example.com=${good.url}`,
    "--concurrency",
    "2",
  ]);
  expect(r.code).toBe(0);
  expect(Object.values(byName(r.stdout)).map((x) => x.url)).toEqual(
    Array.from({ length: 6 }, (_, i) => `${good.url}/p/${i}`),
  );
  expect(
    good.requests
      .slice(before)
      .map((q) => q.url)
      .sort(),
  ).toEqual(Array.from({ length: 6 }, (_, i) => `/p/${i}`));
});

test("--concurrency 2 keeps at most two checks in flight, and does keep two", async () => {
  // A target that holds each request 150 ms and counts how many it holds at once.
  let inFlight = 0;
  let most = 0;
  const held = http.createServer((_req, res) => {
    most = Math.max(most, ++inFlight);
    setTimeout(() => {
      inFlight--;
      res.end("ok");
    }, 150);
  });
  await new Promise<void>((resolve) => held.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(held.address() as AddressInfo).port}`;
  try {
    const file = dir.monitors(
      Object.fromEntries(
        Array.from({ length: 6 }, (_, i) => [`c${i}`, { ...base, name: `c${i}`, url: `${url}/${i}` }]),
      ),
      "concurrency.yaml",
    );
    const r = await runTestCommand(["--file", file, "--json", "--concurrency", "2"]);
    expect(r.code).toBe(0);
    expect(Object.values(byName(r.stdout)).map((x) => x.outcome)).toEqual(Array(6).fill("pass"));
    expect(most).toBe(2);
  } finally {
    held.closeAllConnections();
    await new Promise((resolve) => held.close(resolve));
  }
});

test("usage errors and a bad file are exit 2", async () => {
  expect((await runTestCommand([])).code).toBe(2);
  expect((await runTestCommand(["--file", "x.yaml", "--concurrency", "0"])).code).toBe(2);
  expect((await runTestCommand(["--file", "x.yaml", "--base-url", "nonsense"])).code).toBe(2);
  expect((await runTestCommand(["--deployed"])).code).toBe(2);
  const bad = await runTestCommand([
    "--file",
    dir.monitors({ x: { name: "x", url: good.url, interval: 45 } }, "bad.yaml"),
  ]);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/interval: 45 is not one of/);
  const help = await runTestCommand(["--help"]);
  expect(help.code).toBe(0);
  expect(help.stdout).toMatch(/^Usage: pulumi-uptime test/);
});

test("a stack without the pulumi CLI is exit 2, saying so", async () => {
  for (const args of [
    ["--stack", "dev"],
    ["--deployed", "--stack", "dev"],
  ]) {
    const r = await runTestCommand(args, dir.dir, { PATH: "/nonexistent" });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("pulumi-uptime test: the pulumi CLI is not on PATH\n");
  }
});
