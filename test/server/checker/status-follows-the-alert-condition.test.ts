/**
 * What makes a monitor up or down: `url_unavailable` is up only on 2xx (redirects
 * followed); `url_text` is DOWN when the text is present; `url_no_text` is DOWN when it
 * is absent; the lookup is case-sensitive. Each case is one monitor against a target this
 * test serves on 127.0.0.1, checked in one round.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, createMonitor } from "../../support/api";
import { startCheckingServer, type UptimeServer } from "../../support/server";
import { startTarget, type Target } from "../../support/targets";

let server: UptimeServer;
const targets: Target[] = [];
beforeAll(async () => {
  server = await startCheckingServer();
});
afterAll(async () => {
  await server.close();
  await Promise.all(targets.map((t) => t.close()));
});

/** A monitor on a fresh target that answers `status` with `body`; returns its status after one round. */
async function statusAfterCheck(
  target: { status: number; body: string; headers?: Record<string, string> },
  fields: Record<string, unknown> = {},
) {
  const t = await startTarget();
  targets.push(t);
  t.set({ kind: "respond", ...target });
  const m = await createMonitor(server, { url: `${t.url}/health`, interval: 60, ...fields });
  await server.runChecks();
  const data = (await api(server, "GET", `/api/v1/monitors/${m.id}`)).body.data;
  return { status: data.status as string, result: data.check_result as string, requests: t.requests.length };
}

describe("url_unavailable", () => {
  test.each([200, 204, 299])("%i is up", async (status) => {
    expect((await statusAfterCheck({ status, body: "" })).status).toBe("online");
  });

  test.each([
    [301, "Moved Permanently"],
    [404, "Not Found"],
    [500, "Internal Server Error"],
    [503, "Service Unavailable"],
  ])("%i is down, and the result is the status line", async (status, reason) => {
    // 301 without a Location header cannot be followed, so it is a non-2xx answer like any other.
    const r = await statusAfterCheck({ status, body: "" });
    expect(r).toMatchObject({ status: "offline", result: `${status} ${reason}` });
  });

  test("a redirect is followed to its target", async () => {
    const end = await startTarget();
    targets.push(end);
    const r = await statusAfterCheck({ status: 302, body: "", headers: { Location: `${end.url}/landing` } });
    expect(r.status).toBe("online");
    expect(end.requests.map((q) => q.url)).toEqual(["/landing"]);
  });

  test("a redirect to a failing page is down", async () => {
    const end = await startTarget();
    targets.push(end);
    end.failing(500);
    const r = await statusAfterCheck({ status: 307, body: "", headers: { Location: `${end.url}/broken` } });
    expect(r).toMatchObject({ status: "offline", result: "500 Internal Server Error" });
  });
});

/** [test name, body the target answers 200 with, alert_text_lookup, what the monitor shows after one check] */
type TextCase = [string, string, string, { status: string; result?: string }];

describe("url_text: down when the text is present", () => {
  test.each<TextCase>([
    [
      "present is down",
      "<h1>Down for maintenance</h1>",
      "maintenance",
      { status: "offline", result: '200 OK, text "maintenance" found' },
    ],
    ["absent is up", "welcome", "maintenance", { status: "online", result: '200 OK, text "maintenance" not found' }],
    [
      "the lookup is case-sensitive: a different case is absent, so up",
      "MAINTENANCE",
      "maintenance",
      { status: "online" },
    ],
  ])("%s", async (_, body, lookup, shown) => {
    const r = await statusAfterCheck({ status: 200, body }, { alert_condition: "url_text", alert_text_lookup: lookup });
    expect(r).toMatchObject(shown);
  });
});

describe("url_no_text: down when the text is absent", () => {
  test.each<TextCase>([
    ["present is up", '{"status":"ok"}', '"ok"', { status: "online" }],
    ["absent is down", '{"status":"degraded"}', '"ok"', { status: "offline", result: '200 OK, text ""ok"" not found' }],
    ["the lookup is case-sensitive: a different case is absent, so down", "OK", "ok", { status: "offline" }],
    ["text in a multi-byte body is found", "état: opérationnel ✓", "opérationnel ✓", { status: "online" }],
  ])("%s", async (_, body, lookup, shown) => {
    const r = await statusAfterCheck(
      { status: 200, body },
      { alert_condition: "url_no_text", alert_text_lookup: lookup },
    );
    expect(r).toMatchObject(shown);
  });
});
