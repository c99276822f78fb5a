/**
 * `pulumi do <token> list` (CLI 3.274.1) through the plugin's `List`: the monitors the
 * service's own search finds, every one once, by ascending id, across more than one of the
 * provider's pages (100 results a call, so 105 matches take a continuation token); the
 * incidents of a monitor; a bad filter refused naming the allowed values.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiRequests, startE2EServer, type E2EServer } from "./api";
import { failed, type E2EStack } from "./harness";
import { answer, doStack, pulumiDo, type Json } from "./pulumi-do";

const MATCHES = 105;

describe("pulumi do list", () => {
  let srv: E2EServer;
  let stack: E2EStack;
  beforeAll(async () => {
    srv = await startE2EServer();
    stack = await doStack({ UPTIME_BASE_URL: srv.url, UPTIME_API_KEY: srv.apiKey });
    for (let i = 0; i < MATCHES; i++)
      await srv.api.createMonitor({ name: `e2e-list ${i}`, url: `https://list.example.com/${i}`, interval: 300 });
    for (const other of ["unrelated a", "unrelated b"])
      await srv.api.createMonitor({ name: other, url: "https://e2e-list.example.com/", interval: 300 });
  }, 300_000);
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });

  /** The ids of a list's JSON answer, in its order. */
  const ids = (listed: Json): number[] => (listed as Json[]).map((r) => Number(r.id));

  it("gives exactly the monitors the service's search gives, by ascending id, across pages", async () => {
    const expected = (await srv.api.searchMonitors("e2e-list")).map((m) => Number(m.id)).sort((a, b) => a - b);
    expect(expected).toHaveLength(MATCHES);
    const listed = await answer(stack, "uptime:index:Monitor", ["list"], ["--search", "e2e-list", "--all"]);
    expect(ids(listed)).toEqual(expected);
    // By URL, the service's other search field: only the two whose URL holds the text.
    const byUrl = await answer(
      stack,
      "uptime:index:Monitor",
      ["list"],
      ["--search", "e2e-list", "--search-by", "url", "--all"],
    );
    expect(ids(byUrl)).toEqual(
      (await srv.api.searchMonitors("e2e-list", "url")).map((m) => Number(m.id)).sort((a, b) => a - b),
    );
    expect(ids(byUrl)).toHaveLength(2);
  });

  it("gives a monitor's incidents", async () => {
    const monitor = await srv.api.monitorNamed("e2e-list 3");
    for (const day of ["02", "03"])
      await srv.api.call("POST", "/api/v1/incidents", {
        monitor_id: monitor.id,
        started_at: `2026-01-${day}T03:04:05`,
        ended_at: `2026-01-${day}T04:00:00`,
      });
    const listed = await answer(
      stack,
      "uptime:index:Incident",
      ["list"],
      ["--monitor-id", String(monitor.id), "--all"],
    );
    const stored = (await srv.api.incidents()).filter((i) => i.monitor_id === monitor.id);
    expect(stored).toHaveLength(2);
    expect([...ids(listed)].sort((a, b) => a - b)).toEqual(stored.map((i) => Number(i.id)).sort((a, b) => a - b));
  });

  it("refuses a filter value the service does not take, naming the allowed ones, before any request", async () => {
    const before = srv.server.requests.length;
    const r = failed(
      await pulumiDo(stack, "uptime:index:Monitor", ["list"], ["--search", "x", "--search-by", "title", "--all"]),
    );
    expect(r.output).toMatch(/searchBy: "title" is not one of name, url/);
    expect(apiRequests(srv.server, before)).toEqual([]);
  });
});
