/**
 * A target that hangs holds one check slot, not the checker: with room for two checks at
 * a time, a monitor whose target never answers does not keep four healthy monitors from
 * being checked and recorded while it hangs.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { api, createMonitor } from "../../support/api";
import { eventually } from "../../support/eventually";
import { startCheckingServer, type UptimeServer } from "../../support/server";
import { startTarget, type Target } from "../../support/targets";

let server: UptimeServer;
let stuck: Target;
let healthy: Target;
beforeAll(async () => {
  // The timeout is far longer than the test: only the release below ends the hang.
  server = await startCheckingServer({ checks: { concurrency: 2, timeoutMs: 120_000 } });
  stuck = await startTarget();
  healthy = await startTarget();
});
afterAll(async () => {
  await server.close();
  await Promise.all([stuck.close(), healthy.close()]);
});

test("the healthy monitors are recorded while the hanging check is still under way", async () => {
  stuck.set({ kind: "hang" });
  const hanging = await createMonitor(server, { name: "stuck", url: `${stuck.url}/` });
  const others: { id: number }[] = [];
  for (let i = 0; i < 4; i++)
    others.push(await createMonitor(server, { name: `healthy ${i}`, url: `${healthy.url}/${i}` }));

  let finished = false;
  const round = server.runChecks().finally(() => (finished = true));
  await stuck.waitForRequests(1);
  const statuses = async () =>
    Promise.all(others.map(async (m) => (await api(server, "GET", `/api/v1/monitors/${m.id}`)).body.data.status));
  await eventually("the four healthy monitors online", async () => (await statuses()).every((s) => s === "online"));
  // All four went through the one free slot while the stuck check held the other.
  expect(finished).toBe(false);
  expect((await api(server, "GET", `/api/v1/monitors/${hanging.id}`)).body.data.status).toBe("pending");

  stuck.failing(504);
  stuck.release();
  expect(await round).toMatchObject({ checked: 5, up: 4, down: 1 });
  expect((await api(server, "GET", `/api/v1/monitors/${hanging.id}`)).body.data).toMatchObject({
    status: "offline",
    check_result: "504 Gateway Timeout",
  });
});
