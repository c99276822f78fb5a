/**
 * `domainAlertDays` is not checked by `pulumi-uptime test` (it needs the registry's WHOIS):
 * a monitor that asks for it keeps the outcome of the rest of its check, and its reason
 * says that the domain's expiry was not checked here. One without it says nothing of it.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTarget, type Target } from "../support/targets";
import { byName, runTestCommand, scratch } from "./helpers";

let up: Target, down: Target;
const dir = scratch();
beforeAll(async () => {
  [up, down] = await Promise.all([startTarget(), startTarget()]);
  down.failing(503);
});
afterAll(async () => {
  await Promise.all([up.close(), down.close()]);
  dir.dispose();
});

test("the reason names domainAlertDays as not checked, after the check's own verdict", async () => {
  const file = dir.monitors({
    asks: { name: "asks", url: up.url, interval: 60, domainAlertDays: 30 },
    "asks, down": { name: "asks, down", url: down.url, interval: 60, domainAlertDays: 7 },
    "does not ask": { name: "does not ask", url: up.url, interval: 60, domainAlertDays: 0 },
  });
  const r = await runTestCommand(["--file", file, "--json"]);
  expect(r.code).toBe(1);
  const results = byName(r.stdout);
  const note = (days: number) =>
    `domain expiry (domainAlertDays ${days}) not checked here: it needs the registry's WHOIS, which the service looks up and this command does not`;
  expect(results.asks).toMatchObject({ outcome: "pass", reason: `200 OK; ${note(30)}` });
  expect(results["asks, down"]).toMatchObject({ outcome: "alert", reason: `503 Service Unavailable; ${note(7)}` });
  expect(results["does not ask"]).toMatchObject({ outcome: "pass", reason: "200 OK" });
});
