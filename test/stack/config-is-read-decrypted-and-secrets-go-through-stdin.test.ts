/**
 * A stack's config is read with secrets shown (string values only), its `uptime:*` keys are
 * the provider settings, and a secret is stored with `config set --secret` taking the value
 * on stdin, never on the command line.
 */
import { afterAll, expect, test } from "vitest";
import { configSettingsBeside } from "../../src/stack/provider-settings";
import { readStackConfig, setStackSecret } from "../../src/stack/stack-config";
import { standInPulumi } from "../support/stand-in-pulumi";

const pulumi = standInPulumi({
  config: {
    stdout: JSON.stringify({
      "uptime:baseUrl": { value: "https://uptime.example.com" },
      "uptime:apiKey": { value: "k-123", secret: true },
      "uptime:timeZone": { value: " " },
      "uptime:defaults": { objectValue: { interval: 60 } },
      "shop:webhook": { value: "https://hooks.example.com/t", secret: true },
    }),
  },
  "config set": {},
});
afterAll(() => pulumi.remove());
const target = { bin: pulumi.bin, cwd: pulumi.dir, env: {}, stack: "dev" };

test("the config is read decrypted, string values only", async () => {
  const config = await readStackConfig(target);
  expect([...config]).toEqual([
    ["uptime:baseUrl", "https://uptime.example.com"],
    ["uptime:apiKey", "k-123"],
    ["uptime:timeZone", " "],
    ["shop:webhook", "https://hooks.example.com/t"],
  ]);
  expect(pulumi.calls()[0].args).toEqual([
    "config",
    "--show-secrets",
    "--json",
    "--stack",
    "dev",
    "--non-interactive",
    "--color",
    "never",
  ]);
});

test("the uptime:* keys are the provider's settings; a blank one is not set", async () => {
  expect(await configSettingsBeside(target)).toEqual({ baseUrl: "https://uptime.example.com", apiKey: "k-123" });
});

test("a secret is stored through stdin, not the command line", async () => {
  await setStackSecret(target, "shop:token", "s3cr3t-value");
  const call = pulumi.calls().find((c) => c.args[1] === "set");
  expect(call?.args.slice(0, 4)).toEqual(["config", "set", "--secret", "shop:token"]);
  expect(call?.args.join(" ")).not.toContain("s3cr3t-value");
  expect(call?.stdin).toBe("s3cr3t-value");
});
