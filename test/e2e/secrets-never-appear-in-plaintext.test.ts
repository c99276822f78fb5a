/**
 * Secrets: the API key, a basic-auth password and a webhook URL never appear in
 * plaintext in `pulumi stack export`, in any file of the file backend (state, history,
 * backups), in the stack config file, or in the engine's output of up, preview (plain,
 * --diff and --json), refresh and destroy. Secrets reach the program both as secret config
 * and as plain values (which only the library's own marking keeps secret). A failing check
 * of a secret field (a password over 1024 characters) must not print the value either.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { MONITOR_TYPE, byName, failed, isSecretEnvelope, leaks, ok } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { asList } from "./api";

const tag = () => randomBytes(10).toString("hex");

describe("secrets", () => {
  const t = { cfgPw: tag(), cfgHook: tag(), plainPw: tag(), plainHook: tag(), oobHook: tag(), wrongKey: tag() };
  const values = {
    configPassword: `e2e-cfg-pw-${t.cfgPw}`,
    configWebhook: `https://hooks.slack.com/services/T000/B000/SECRETxyz${t.cfgHook}`,
    plainPassword: `e2e-plain-pw-${t.plainPw}`,
    plainWebhook: `https://hooks.example.com/e2e/SECRETabc${t.plainHook}`,
    outOfBandWebhook: `https://hooks.example.com/e2e/OUTOFBAND${t.oobHook}`,
    wrongApiKey: `e2e-wrong-apikey-${t.wrongKey}`,
  };
  /** Full values, and their random parts, which catch a truncated or re-encoded leak too. */
  let needles: string[];

  const e2e = lifecycleStack({
    stack: {
      project: "secrets",
      config: {
        "fixture:authPassword": { value: values.configPassword, secret: true },
        "fixture:webhookUrl": { value: values.configWebhook, secret: true },
      },
      env: { E2E_PLAIN_PASSWORD: values.plainPassword, E2E_PLAIN_WEBHOOK: values.plainWebhook },
    },
  });

  beforeAll(async () => {
    needles = [
      e2e.srv.apiKey,
      e2e.srv.apiKey.replace("e2e-apikey-", ""),
      ...Object.values(values),
      ...Object.values(t),
    ];
  });

  function scanDisk(): void {
    for (const f of e2e.stack.backendFiles())
      expect(leaks(f.text, needles), `plaintext secret in ${f.path}`).toEqual([]);
    const configFile = e2e.stack.configFile ?? join(e2e.stack.dir, `Pulumi.${e2e.stack.stack}.yaml`);
    expect(leaks(readFileSync(configFile, "utf8"), needles), "plaintext secret in the stack config file").toEqual([]);
  }

  it("are used for real but never show in output, export or state through a whole lifecycle", async () => {
    ok(await e2e.stack.up());
    // The real values reached the service (alerts come back; the password is write-only).
    const fromConfig = await e2e.srv.api.monitorNamed("e2e secret from config");
    const fromPlain = await e2e.srv.api.monitorNamed("e2e secret from plain values");
    expect(asList(fromConfig.alerts).map((a) => a.value)).toContain(values.configWebhook);
    expect(asList(fromPlain.alerts).map((a) => a.value)).toEqual([values.plainWebhook]);
    expect(fromConfig.request_auth_username).toBe("robot");

    ok(await e2e.stack.preview(["--expect-no-changes"]));
    ok(await e2e.stack.preview(["--diff", "--expect-no-changes"]));
    ok(await e2e.stack.refresh());
    ok(await e2e.stack.preview(["--expect-no-changes"]));
    await e2e.stack.setConfig("fixture:interval", "300");
    ok(await e2e.stack.preview(["--diff"]));
    ok(await e2e.stack.preview(["--json"]));
    ok(await e2e.stack.up(["--diff"]));
    ok(await e2e.stack.refresh(["--diff"]));

    // A secret field changed out of band: refresh records the drift (still secret), up reverts it.
    await e2e.srv.api.patchMonitor(fromPlain.id, {
      "alerts[0][key]": "webhook",
      "alerts[0][value]": values.outOfBandWebhook,
    });
    const refresh = ok(await e2e.stack.refresh(["--diff"]));
    expect(refresh.output).toMatch(
      /~ pulumi-nodejs:dynamic\/uptime:Monitor: \(update\)\s+\[id=\d+\]\s+\[urn=[^\]]*::from-plain\]/,
    );
    const drifted = byName((await e2e.stack.stackExport()).json.deployment.resources!, "from-plain");
    expect(isSecretEnvelope(drifted.outputs?.alerts), "refreshed alerts stay secret").toBe(true);
    expect(isSecretEnvelope(drifted.inputs?.alerts), "refreshed alert inputs stay secret").toBe(true);
    // The drift was recorded: the program's alerts now differ from state (the engine names no
    // changed key when the only one is secret).
    expect(ok(await e2e.stack.preview()).output).toMatch(
      /~\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+from-plain\s+update\b/,
    );
    ok(await e2e.stack.up(["--diff"]));
    expect(asList((await e2e.srv.api.monitor(fromPlain.id))!.alerts).map((a) => a.value)).toEqual([
      values.plainWebhook,
    ]);

    const exported = await e2e.stack.stackExport();
    expect(leaks(exported.text, needles), "plaintext secret in `pulumi stack export`").toEqual([]);
    // The secret fields are secret envelopes, as inputs and as outputs, however they were given.
    const monitors = exported.json.deployment.resources!.filter((r) => r.type === MONITOR_TYPE);
    for (const name of ["from-config", "from-plain"]) {
      const r = byName(monitors, name);
      for (const field of ["requestAuthPassword", "alerts"]) {
        expect(isSecretEnvelope(r.inputs?.[field]), `${name} inputs.${field} is secret`).toBe(true);
        expect(isSecretEnvelope(r.outputs?.[field]), `${name} outputs.${field} is secret`).toBe(true);
      }
    }
    const outputs = await e2e.stack.outputs();
    expect(leaks(JSON.stringify(outputs), needles)).toEqual([]);
    expect(outputs).toMatchObject({ plainPassword: "[secret]", plainAlerts: "[secret]" });
    scanDisk();

    const destroy = ok(await e2e.stack.destroy());
    expect(destroy.output).toMatch(/deleted/);
    expect(await e2e.srv.api.monitors()).toEqual([]);
    scanDisk();

    const output = e2e.stack.allOutput();
    expect(output.length).toBeGreaterThan(1000);
    expect(leaks(output, needles), "plaintext secret in the engine's output").toEqual([]);
  });

  it("a failing check of a secret field names the field without printing the value", async () => {
    const longConfig = `e2e-long-cfg-${tag()}${"y".repeat(1100)}`;
    const longPlain = `e2e-long-plain-${tag()}${"x".repeat(1100)}`;
    const longNeedles = [
      longConfig,
      longPlain,
      longConfig.slice(0, 40),
      longPlain.slice(0, 40),
      "y".repeat(64),
      "x".repeat(64),
    ];
    const from = e2e.srv.server.requests.length;
    const writes = e2e.srv.server.writeCount();

    // The engine stops at the first failing check: one source at a time.
    e2e.stack.setEnv("E2E_PLAIN_PASSWORD", longPlain);
    const plain = failed(await e2e.stack.preview());
    expect(plain.output).toMatch(/Monitor resource 'from-plain' has a problem: requestAuthPassword: .*1024/);

    e2e.stack.setEnv("E2E_PLAIN_PASSWORD", values.plainPassword);
    await e2e.stack.setConfig("fixture:authPassword", longConfig, true);
    const config = failed(await e2e.stack.preview());
    expect(config.output).toMatch(/Monitor resource 'from-config' has a problem: requestAuthPassword: .*1024/);

    // Both invalid, so that `up` creates neither.
    e2e.stack.setEnv("E2E_PLAIN_PASSWORD", longPlain);
    const up = failed(await e2e.stack.up());
    expect(up.output).toMatch(/Monitor resource 'from-(plain|config)' has a problem: requestAuthPassword: .*1024/);

    for (const r of [plain, up, config]) {
      expect(
        leaks(r.output, [...needles, ...longNeedles]),
        `secret printed by a failing check (pulumi ${r.args[0]})`,
      ).toEqual([]);
    }
    expect(e2e.srv.server.writeCount() - writes).toBe(0);
    console.log(`failing checks: ${e2e.srv.server.requests.length - from} requests reached the server`);
    for (const f of e2e.stack.backendFiles())
      expect(leaks(f.text, longNeedles), `plaintext secret in ${f.path}`).toEqual([]);
  });

  it("a rejected API key is reported by its config key, printing neither key", async () => {
    await e2e.stack.setConfig("fixture:authPassword", values.configPassword, true);
    e2e.stack.setEnv("E2E_PLAIN_PASSWORD", values.plainPassword);
    await e2e.stack.setConfig("uptime:apiKey", values.wrongApiKey, true);
    const up = failed(await e2e.stack.up());
    expect(up.output).toMatch(/uptime:apiKey/);
    expect(up.output).toMatch(/401/);
    expect(leaks(up.output, needles), "a key printed by a 401").toEqual([]);
    for (const f of e2e.stack.backendFiles())
      expect(leaks(f.text, needles), `plaintext secret in ${f.path}`).toEqual([]);
  });
});
