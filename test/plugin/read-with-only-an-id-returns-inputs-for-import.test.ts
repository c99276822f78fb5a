/**
 * `pulumi import` and the `import` option read with nothing but an id: the plugin answers
 * with the monitor's properties and the inputs a program would declare, so that a check
 * of those inputs followed by a diff against the read properties shows no change. An id
 * that does not exist fails, naming it, rather than reading as nothing.
 */
import { describe, expect, it } from "vitest";
import { DiffResponse } from "@pulumi/pulumi/proto/provider_pb";
import { configuredPlugin, isSecret } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const env = fileFixture(() => configuredPlugin());

describe("Read with only an id", () => {
  it("returns properties and inputs that check and diff as unchanged", async () => {
    const made = await env.outside.monitors.create({
      name: "made outside",
      url: "https://outside.example.com",
      interval: 300,
      alert_condition: "url_text",
      alert_text_lookup: "ok",
      alerts: [{ key: "webhook", value: "https://hooks.example.com/outside" }],
      request_headers: [{ key: "X-Token", value: "t0k" }],
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

  it("fails for an id the account does not have, naming the id", async () => {
    await expect(env.plugin.read("Monitor", "missing", "987654")).rejects.toThrow(
      /Monitor 987654: no monitor with id 987654/,
    );
  });

  it("reads an incident by id alone", async () => {
    const m = await env.outside.monitors.create({ name: "with incident", url: "https://i.example.com", interval: 60 });
    const i = await env.outside.incidents.create({
      monitor_id: m.id,
      started_at: "2024-01-01T10:00:00",
      cause: "outage",
    });
    const read = await env.plugin.read("Incident", "old", String(i.id));
    expect(read.inputs).toEqual({ monitorId: m.id, startedAt: "2024-01-01T10:00:00", cause: "outage" });
    expect(read.props).toMatchObject({ incidentId: i.id, status: "unresolved" });
  });
});
