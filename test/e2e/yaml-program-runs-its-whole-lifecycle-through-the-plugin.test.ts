/**
 * A YAML program through the provider plugin, under the real engine: up, a preview with
 * no changes, a one-field update and a secret-list update each shown by name in
 * `preview --diff` (the list's value staying `[secret]`), an incident acknowledged then
 * resolved in place, a bad value stopped at preview, and destroy. The secrets (the API key,
 * a webhook URL, a header token) never show in plaintext in output or state.
 */
import { describe, expect, it } from "vitest";
import { PLUGIN_INCIDENT_TYPE, PLUGIN_MONITOR_TYPE, byName, failed, isSecretEnvelope, ok, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { expectNoLeaks, yamlLifecycleStack, yamlSecrets } from "./plugin-fixtures";
import { asList } from "./api";

describe("a YAML program through the plugin", () => {
  const secrets = yamlSecrets();
  const { hook, token } = secrets;
  const otherHook = yamlSecrets().hook;
  const e2e = lifecycleStack({ stack: (srv) => yamlLifecycleStack(srv, secrets) });

  it("creates, previews clean, updates by name, resolves an incident and destroys", async () => {
    const up = ok(await e2e.stack.up());
    expect(summary(up.output)).toMatchObject({ create: 4 });
    const api = await e2e.srv.api.monitorNamed("e2e yaml api");
    expect(asList(api.alerts).map((a) => a.value)).toEqual(["ops@example.com", hook]);
    expect(asList(api.request_headers)).toEqual([{ key: "X-Probe-Token", value: token }]);
    const outputs = await e2e.stack.outputs();
    expect(outputs).toMatchObject({ apiId: api.id, incidentStatus: "unresolved", apiAlerts: "[secret]" });

    const writes = e2e.srv.server.writeCount();
    ok(await e2e.stack.preview(["--expect-no-changes"]));
    ok(await e2e.stack.preview(["--diff", "--expect-no-changes"]));
    expect(e2e.srv.server.writeCount()).toBe(writes);

    // One scalar and one secret list: both named, the list's value still hidden.
    await e2e.stack.setConfig("apiInterval", "300");
    await e2e.stack.setConfig("webhookUrl", otherHook, true);
    const diff = ok(await e2e.stack.preview(["--diff"]));
    expect(diff.output).toMatch(/~ uptime:index:Monitor: \(update\)\s+\[id=\d+\]\s+\[urn=[^\]]*::api\]/);
    expect(diff.output).toMatch(/~ alerts\s*: \[secret\] => \[secret\]/);
    expect(diff.output).toMatch(/~ interval\s*: 60 => 300/);
    expect(summary(diff.output)).toMatchObject({ update: 1 });
    // The incident's monitorId stays known during the preview: no replacement is shown.
    expect(summary(diff.output).replace ?? 0).toBe(0);
    const plain = ok(await e2e.stack.preview());
    expect(plain.output).toMatch(/~\s+uptime:index:Monitor\s+api\s+update\s+\[diff: ~alerts,interval\]/);
    ok(await e2e.stack.up());
    const updated = await e2e.srv.api.monitor(api.id);
    expect(updated).toMatchObject({ id: api.id, interval: 300 });
    expect(asList(updated!.alerts).map((a) => a.value)).toEqual(["ops@example.com", otherHook]);
    ok(await e2e.stack.preview(["--expect-no-changes"]));

    // The incident is acknowledged, then resolved: each in place, by name.
    e2e.stack.editFile("Pulumi.yaml", (t) =>
      t.replace(
        "      cause: 502 Bad Gateway",
        "      cause: 502 Bad Gateway\n      acknowledgedAt: 2024-01-01T10:10:00",
      ),
    );
    const ack = ok(await e2e.stack.preview(["--diff"]));
    expect(ack.output).toMatch(/\+ acknowledgedAt\s*: "2024-01-01T10:10:00"/);
    expect(summary(ack.output)).toMatchObject({ update: 1 });
    ok(await e2e.stack.up());
    expect((await e2e.stack.outputs()).incidentStatus).toBe("acknowledged");
    e2e.stack.editFile("Pulumi.yaml", (t) =>
      t.replace(
        "      acknowledgedAt: 2024-01-01T10:10:00",
        "      acknowledgedAt: 2024-01-01T10:10:00\n      endedAt: 2024-01-01T11:00:00",
      ),
    );
    const end = ok(await e2e.stack.up());
    expect(summary(end.output)).toMatchObject({ update: 1 });
    expect(summary(end.output).replace ?? 0).toBe(0);
    expect((await e2e.stack.outputs()).incidentStatus).toBe("resolved");
    const incident = byName(await e2e.stack.resources(PLUGIN_INCIDENT_TYPE), "outage");
    expect(incident.outputs).toMatchObject({ status: "resolved", endedAt: "2024-01-01T11:00:00" });
    ok(await e2e.stack.preview(["--expect-no-changes"]));

    // State: secret fields are secret envelopes, as inputs and outputs; no __provider.
    const exported = await e2e.stack.stackExport();
    const apiState = byName(
      exported.json.deployment.resources!.filter((r) => r.type === PLUGIN_MONITOR_TYPE),
      "api",
    );
    for (const k of ["alerts", "requestHeaders"]) {
      expect(isSecretEnvelope(apiState.inputs?.[k]), `inputs.${k}`).toBe(true);
      expect(isSecretEnvelope(apiState.outputs?.[k]), `outputs.${k}`).toBe(true);
    }
    expect(apiState.inputs).not.toHaveProperty("__provider");

    const destroy = ok(await e2e.stack.destroy());
    expect(summary(destroy.output)).toMatchObject({ delete: 4 });
    expect(await e2e.srv.api.monitors()).toEqual([]);
    expect(await e2e.srv.api.incidents()).toEqual([]);

    expectNoLeaks(e2e.stack, [e2e.srv.apiKey, hook, otherHook, token]);
  });

  it("stops a bad value at preview, naming the property and the allowed values, before any request", async () => {
    e2e.stack.editFile("Pulumi.yaml", (t) => t.replace("      interval: 300\n", "      interval: 45\n"));
    const before = e2e.srv.server.requests.length;
    const writes = e2e.srv.server.writeCount();
    const bad = failed(await e2e.stack.preview());
    expect(bad.output).toMatch(/interval/);
    expect(bad.output).toMatch(/60, 180, 300, 600, 900, 1800, 3600/);
    expect(e2e.srv.server.writeCount()).toBe(writes);
    expect(e2e.srv.server.requests.slice(before).filter((r) => r.method !== "GET")).toEqual([]);
  });
});
