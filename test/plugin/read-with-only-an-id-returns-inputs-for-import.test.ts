/**
 * `pulumi import` and the `import` option read with nothing but an id: the plugin answers
 * with the monitor's properties and the inputs a program would declare, so that a check
 * of those inputs followed by a diff against the read properties shows no change. An id
 * that does not exist fails, naming it, rather than reading as nothing.
 *
 * The ids `pulumi-uptime export --format import` writes (`<id>:secrets-from-config`) read
 * the monitor behind the number, answer with its real id, keep the secret fields in the
 * properties (as secrets) and leave the secret-bearing inputs out (alerts, request headers,
 * the basic-auth pair), so Pulumi's code generator never sees their values.
 */
import { describe, expect, it } from "vitest";
import { DiffResponse } from "@pulumi/pulumi/proto/provider_pb";
import type { MonitorCreateInput } from "../../src/client";
import { configuredPlugin, isSecret } from "./helpers";
import { fileFixture } from "../support/file-fixture";
import { monitorWithIncident } from "../support/monitor-with-incident";

const env = fileFixture(() => configuredPlugin());

/**
 * A monitor made outside Pulumi at `https://<tag>.example.com` whose alert (webhook
 * `…/<tag>-hook`) and header (`X-Token: t0k-<tag>`) carry secrets, with `fields` besides.
 */
const madeOutsideWithSecrets = (tag: string, fields: Pick<MonitorCreateInput, "name"> & Partial<MonitorCreateInput>) =>
  env.outside.monitors.create({
    url: `https://${tag}.example.com`,
    interval: 300,
    alerts: [{ key: "webhook", value: `https://hooks.example.com/${tag}-hook` }],
    request_headers: [{ key: "X-Token", value: `t0k-${tag}` }],
    ...fields,
  });

describe("Read with only an id", () => {
  it("returns properties and inputs that check and diff as unchanged", async () => {
    const made = await madeOutsideWithSecrets("outside", {
      name: "made outside",
      alert_condition: "url_text",
      alert_text_lookup: "ok",
    });
    const read = await env.plugin.read("Monitor", "adopted", String(made.id));
    expect(read.id).toBe(String(made.id));
    expect(read.props).toMatchObject({ monitorId: made.id, name: "made outside", interval: 300 });
    expect(isSecret(read.inputs.alerts) && isSecret(read.inputs.requestHeaders)).toBe(true);
    expect(Object.keys(read.inputs).sort()).toEqual([
      "alertCondition",
      "alertTextLookup",
      "alerts",
      "cacheBuster",
      "domainAlertDays",
      "interval",
      "name",
      "requestHeaders",
      "requestMethod",
      "sslAlertDays",
      "url",
    ]);

    const checked = await env.plugin.check("Monitor", "adopted", read.inputs);
    expect(checked.failures).toEqual([]);
    const d = await env.plugin.diff("Monitor", "adopted", read.id, read.props, checked.inputs);
    expect(d.changes).toBe(DiffResponse.DiffChanges.DIFF_NONE);
  });

  it.each(["987654", "987654:secrets-from-config"])("fails for %s, naming the number", async (id) => {
    await expect(env.plugin.read("Monitor", "missing", id)).rejects.toThrow(/no monitor with id 987654/);
  });

  it("reads an incident by id alone", async () => {
    const { monitor: m, incident: i } = await monitorWithIncident(
      env.outside,
      { name: "with incident", url: "https://i.example.com", interval: 60 },
      { started_at: "2024-01-01T10:00:00", cause: "outage" },
    );
    const read = await env.plugin.read("Incident", "old", String(i.id));
    expect(read.inputs).toEqual({ monitorId: m.id, startedAt: "2024-01-01T10:00:00", cause: "outage" });
    expect(read.props).toMatchObject({ incidentId: i.id, status: "unresolved" });
  });

  it("of an export's import id answers with the real id and leaves secret-bearing inputs out", async () => {
    const made = await madeOutsideWithSecrets("secret", {
      name: "with secrets",
      request_auth_username: "probe",
      request_auth_password: "pw-never-returned",
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
});
