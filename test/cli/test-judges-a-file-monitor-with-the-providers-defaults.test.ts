/**
 * `test --file` judges each monitor as the service would get it: with what the provider's
 * `defaults` give the fields it omits (here UPTIME_DEFAULTS, as a provider without stack config
 * reads it). A target that wants Basic auth passes with the default Authorization header and
 * alerts without it; the header's value is printed nowhere; unreadable defaults are exit 2,
 * naming the setting.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { startTarget, type Target } from "../support/targets";
import { byName, runTestCommand, scratch } from "./helpers";

let auth: Target;
const dir = scratch();
beforeAll(async () => {
  auth = await startTarget();
  auth.set({ kind: "basic-auth", username: "probe", password: "d3fault-pass" });
});
afterAll(async () => {
  await auth.close();
  dir.dispose();
});

const header = `Basic ${Buffer.from("probe:d3fault-pass").toString("base64")}`;

test("a monitor without headers gets the default Authorization header, and passes", async () => {
  const file = dir.monitors({ api: { name: "api", url: auth.url, interval: 60 } });
  const without = await runTestCommand(["--file", file, "--json"], dir.dir, { UPTIME_DEFAULTS: "" });
  expect(byName(without.stdout).api).toMatchObject({ outcome: "alert", reason: "401 Unauthorized" });
  const defaults = JSON.stringify({ requestHeaders: [{ key: "Authorization", value: header }] });
  const r = await runTestCommand(["--file", file, "--json"], dir.dir, { UPTIME_DEFAULTS: defaults });
  expect(byName(r.stdout).api.outcome).toBe("pass");
  expect(r.code).toBe(0);
  expect(r.stdout + r.stderr).not.toContain(header.slice(6));
});

test("a monitor's own headers win over the default list, whole", async () => {
  const file = dir.monitors(
    { own: { name: "own", url: auth.url, interval: 60, requestHeaders: [{ key: "X-Trace", value: "1" }] } },
    "own.yaml",
  );
  const defaults = JSON.stringify({ requestHeaders: [{ key: "Authorization", value: header }] });
  const r = await runTestCommand(["--file", file, "--json"], dir.dir, { UPTIME_DEFAULTS: defaults });
  expect(byName(r.stdout).own.outcome).toBe("alert");
});

test("defaults that cannot be read are exit 2, naming UPTIME_DEFAULTS", async () => {
  const file = dir.monitors({ api: { name: "api", url: auth.url, interval: 60 } }, "bad.yaml");
  const r = await runTestCommand(["--file", file], dir.dir, { UPTIME_DEFAULTS: JSON.stringify({ interval: 45 }) });
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/^pulumi-uptime test: UPTIME_DEFAULTS\.interval: /);
});
