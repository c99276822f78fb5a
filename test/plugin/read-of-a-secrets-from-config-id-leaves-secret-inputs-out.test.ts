/**
 * The ids `pulumi-uptime export --format import` writes (`<id>:secrets-from-config`): the
 * plugin reads the monitor behind the number, answers with its real id, keeps the secret
 * fields in the properties (as secrets), and leaves the secret-bearing inputs out (alerts,
 * request headers, the basic-auth pair), so Pulumi's code generator never sees their values.
 * A plain id still returns them all (the read-with-only-an-id test).
 */
import { describe, expect, it } from "vitest";
import { configuredPlugin, isSecret } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const env = fileFixture(() => configuredPlugin());

describe("Read of an export's import id", () => {
  it("answers with the real id and leaves alerts, headers and basic auth out of the inputs", async () => {
    const made = await env.outside.monitors.create({
      name: "with secrets",
      url: "https://secrets.example.com",
      interval: 300,
      request_auth_username: "probe",
      request_auth_password: "pw-never-returned",
      alerts: [{ key: "webhook", value: "https://hooks.example.com/secret-hook" }],
      request_headers: [{ key: "X-Token", value: "t0k-secret" }],
    });
    const read = await env.plugin.read("Monitor", "with-secrets", `${made.id}:secrets-from-config`);
    expect(read.id).toBe(String(made.id));
    expect(isSecret(read.props.alerts) && isSecret(read.props.requestHeaders)).toBe(true);
    expect(read.props).toMatchObject({ monitorId: made.id, requestAuthUsername: "probe" });
    expect(Object.keys(read.inputs).sort()).toEqual([
      "alertCondition",
      "cacheBuster",
      "domainAlertDays",
      "interval",
      "name",
      "requestMethod",
      "sslAlertDays",
      "url",
    ]);
    expect(JSON.stringify(read.inputs)).not.toMatch(/secret-hook|t0k-secret|probe/);
    // What is left checks clean: no basic-auth user without its password.
    expect((await env.plugin.check("Monitor", "with-secrets", read.inputs)).failures).toEqual([]);
  });

  it("fails, naming the number, when it is not a monitor of the account", async () => {
    await expect(env.plugin.read("Monitor", "missing", "987654:secrets-from-config")).rejects.toThrow(
      /no monitor with id 987654/,
    );
  });
});
