/**
 * `plannedMonitors` runs `pulumi preview --save-plan PATH --show-secrets` where PATH is a
 * named pipe, reads the plan from it into memory, and gives the monitors the plan does not
 * delete; the pipe's directory is gone afterwards. A failed preview is a StackError naming
 * its errors.
 */
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { afterAll, expect, test } from "vitest";
import { plannedMonitors } from "../../src/stack/preview-plan";
import { StackError } from "../../src/stack/pulumi-command";
import { standInPulumi } from "../support/stand-in-pulumi";
import { rejectionOf } from "../support/thrown-error";

const urn = (type: string, name: string) => `urn:pulumi:dev::shop::${type}::${name}`;
const plan = {
  resourcePlans: {
    [urn("uptime:index:Monitor", "api")]: {
      goal: { type: "uptime:index:Monitor" },
      steps: ["create"],
      state: { url: "https://api.example.com", requestAuthPassword: "pw" },
    },
    [urn("pulumi-nodejs:dynamic/uptime:Monitor", "web")]: {
      goal: { type: "pulumi-nodejs:dynamic/uptime:Monitor" },
      steps: ["same"],
      state: { url: "https://web.example.com" },
    },
    [urn("uptime:index:Monitor", "gone")]: {
      goal: { type: "uptime:index:Monitor" },
      steps: ["delete"],
      state: { url: "https://gone.example.com" },
    },
    [urn("uptime:index:Incident", "i")]: { goal: { type: "uptime:index:Incident" }, steps: ["create"], state: {} },
  },
};
const pulumi = standInPulumi({ preview: { planFile: JSON.stringify(plan) } });
const broken = standInPulumi({
  preview: { stdout: "Previewing update (dev):\n  error: Missing required setting uptime:apiKey\n", code: 255 },
});
afterAll(() => [pulumi, broken].forEach((p) => p.remove()));

test("the monitors the plan keeps come back, read from a named pipe that is then removed", async () => {
  const monitors = await plannedMonitors({ bin: pulumi.bin, cwd: pulumi.dir, env: {}, stack: "dev" });
  expect(monitors).toEqual([
    { urn: urn("uptime:index:Monitor", "api"), state: { url: "https://api.example.com", requestAuthPassword: "pw" } },
    { urn: urn("pulumi-nodejs:dynamic/uptime:Monitor", "web"), state: { url: "https://web.example.com" } },
  ]);
  const [call] = pulumi.calls();
  expect(call.args).toEqual(expect.arrayContaining(["preview", "--save-plan", "--show-secrets", "--stack", "dev"]));
  expect(call.planPathWasFifo).toBe(true);
  expect(existsSync(dirname(call.args[call.args.indexOf("--save-plan") + 1]))).toBe(false);
});

test("a failed preview is a StackError naming its errors", async () => {
  const err = await rejectionOf(plannedMonitors({ bin: broken.bin, cwd: broken.dir, env: {} }), StackError);
  expect(err.message).toBe("pulumi preview failed: error: Missing required setting uptime:apiKey");
});
