/**
 * `--loopback-only` (the demo's setting): a monitor whose URL is off loopback, or whose
 * loopback target redirects off loopback, is reported down with the reason instead of
 * being requested, while loopback targets in the same round are checked as usual.
 * 192.0.2.1 is TEST-NET-1 (RFC 5737): nothing answers there, so a check that did go out
 * would end in a timeout or a connect error, not in the message asserted here.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { api, createMonitor } from "../../support/api";
import { startCheckingServer, type UptimeServer } from "../../support/server";
import { startTarget, type Target } from "../../support/targets";

let server: UptimeServer;
let healthy: Target;
let redirecting: Target;
beforeAll(async () => {
  server = await startCheckingServer({ checks: { loopbackOnly: true, timeoutMs: 15_000 } });
  healthy = await startTarget();
  redirecting = await startTarget();
  redirecting.set({ kind: "redirect", location: "http://192.0.2.1/elsewhere" });
});
afterAll(async () => {
  await server.close();
  await healthy.close();
  await redirecting.close();
});

test("outside targets are refused with the reason; loopback ones are checked", async () => {
  const outside = (await createMonitor(server, { name: "outside", url: "http://192.0.2.1/health" })).id;
  const bounced = (await createMonitor(server, { name: "bounced", url: `${redirecting.url}/` })).id;
  const local = (await createMonitor(server, { name: "local", url: `${healthy.url}/` })).id;

  const summary = await server.runChecks();
  expect(summary).toMatchObject({ checked: 3, up: 1, down: 2 });

  const result = async (id: number) => {
    const m = (await api(server, "GET", `/api/v1/monitors/${id}`)).body.data;
    return `${m.status}: ${m.check_result}`;
  };
  const refused = "offline: not checked: 192.0.2.1 is not on loopback, and this server checks only loopback targets";
  expect(await result(outside)).toBe(refused);
  expect(await result(bounced)).toBe(refused);
  expect(redirecting.requests).toHaveLength(1);
  expect(await result(local)).toBe("online: 200 OK");
});
