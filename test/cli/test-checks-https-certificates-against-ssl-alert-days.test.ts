/**
 * For an https URL, `pulumi-uptime test` checks the certificate as the service does: one
 * from a CA the machine does not trust is unavailable, and a trusted one that ends within
 * the monitor's `sslAlertDays` alerts with the date. Targets on loopback, with certificates
 * from a test CA made for this file (openssl).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { makeTestPki, type TestPki } from "../support/test-pki";
import { startTarget, type Target } from "../support/targets";
import { byName, runTestCommand, scratch } from "./helpers";

let pki: TestPki;
let valid: Target, expiring: Target;
const dir = scratch();
beforeAll(async () => {
  pki = makeTestPki();
  valid = await startTarget({ tls: pki.issueLoopback(400) });
  expiring = await startTarget({ tls: pki.issueLoopback(3) });
});
afterAll(async () => {
  await Promise.all([valid?.close(), expiring?.close()]);
  pki?.dispose();
  dir.dispose();
});

test("a valid certificate passes; one ending within sslAlertDays alerts; sslAlertDays 0 does not look", async () => {
  const file = dir.monitors({
    valid: { name: "valid", url: valid.url, interval: 60, sslAlertDays: 30 },
    expiring: { name: "expiring", url: expiring.url, interval: 60, sslAlertDays: 7 },
    "expiring-but-far-enough": { name: "expiring, 2 days", url: expiring.url, interval: 60, sslAlertDays: 2 },
    "no-ssl-alert": { name: "no ssl alert", url: expiring.url, interval: 60, sslAlertDays: 0 },
  });
  const r = await runTestCommand(["--file", file, "--json", "--ca", pki.caFile]);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(1);
  const results = byName(r.stdout);
  expect(results.valid).toMatchObject({ outcome: "pass", reason: "200 OK" });
  expect(results.expiring.outcome).toBe("alert");
  expect(results.expiring.reason).toMatch(
    /^the certificate expires in 2 days \(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\), within sslAlertDays 7$/,
  );
  expect(results["expiring, 2 days"]).toMatchObject({ outcome: "pass" });
  expect(results["no ssl alert"]).toMatchObject({ outcome: "pass" });
});

test("a certificate from a CA the machine does not trust makes the URL unavailable", async () => {
  const file = dir.monitors({ valid: { name: "valid", url: valid.url, interval: 60 } }, "untrusted.yaml");
  const r = await runTestCommand(["--file", file, "--json"]);
  expect(r.code).toBe(1);
  expect(byName(r.stdout).valid).toMatchObject({ outcome: "alert", reason: "unable to verify the first certificate" });
});
