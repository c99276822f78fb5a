/**
 * The plugin's diff names every changed property and gives a detailed diff (update or
 * replace, per property), which the dynamic provider host cannot: a change of `alerts`
 * is reported by name while its value stays secret.
 */
import { describe, expect, it } from "vitest";
import { DiffResponse, PropertyDiff } from "@pulumi/pulumi/proto/provider_pb";
import { configuredPlugin, secret } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const K = PropertyDiff.Kind;
const env = fileFixture(() => configuredPlugin());

describe("The plugin's diff", () => {
  it("names a changed secret list and a changed scalar, updating in place", async () => {
    const olds = (await env.plugin.checkMonitor("api", { alerts: secret([{ key: "email", value: "a@example.com" }]) }))
      .inputs;
    const { inputs: news } = await env.plugin.checkMonitor("api", {
      interval: 300,
      alerts: secret([{ key: "email", value: "b@example.com" }]),
    });
    const d = await env.plugin.diff("Monitor", "api", "1", { ...olds, monitorId: 1, status: "online" }, news);
    expect(d.changes).toBe(DiffResponse.DiffChanges.DIFF_SOME);
    expect(d.diffs.sort()).toEqual(["alerts", "interval"]);
    expect(d.replaces).toEqual([]);
    expect(d.hasDetailedDiff).toBe(true);
    expect(d.detailed).toEqual({ alerts: K.UPDATE, interval: K.UPDATE });
  });

  it("reports no change when only how the service spells a value differs", async () => {
    const { inputs } = await env.plugin.checkMonitor("api", { requestHeaders: [{ key: "X-Probe", value: "1" }] });
    const olds = { ...inputs, requestHeaders: [{ key: "x-probe", value: "1" }], monitorId: 1, status: "online" };
    const d = await env.plugin.diff("Monitor", "api", "1", olds, inputs);
    expect(d.changes).toBe(DiffResponse.DiffChanges.DIFF_NONE);
    expect(d.diffs).toEqual([]);
  });

  it("names paused, and an added field as an addition", async () => {
    const { inputs: olds } = await env.plugin.checkMonitor("api");
    const { inputs: news } = await env.plugin.checkMonitor("api", {
      paused: true,
      alertTextLookup: "ok",
      alertCondition: "url_text",
    });
    const d = await env.plugin.diff("Monitor", "api", "1", { ...olds, monitorId: 1, status: "online" }, news);
    // `paused` was not managed before: starting to manage it is an addition.
    expect(d.detailed).toEqual({ alertCondition: K.UPDATE, alertTextLookup: K.ADD, paused: K.ADD });
  });

  // The state of an ended incident, id 3 of monitor 7.
  const resolvedIncident = {
    monitorId: 7,
    startedAt: "2024-01-01T10:00:00",
    endedAt: "2024-01-01T11:00:00",
    cause: "x",
    incidentId: 3,
    status: "resolved",
  };

  it("replaces an incident whose written-once field, as this program wrote it, changes, deleting first", async () => {
    const olds = { ...resolvedIncident, __programWrote: { endedAt: resolvedIncident.endedAt } };
    const d = await env.plugin.diff("Incident", "outage", "3", olds, {
      ...olds,
      endedAt: "2024-01-01T12:00:00",
      cause: "y",
    });
    expect(d.diffs.sort()).toEqual(["cause", "endedAt"]);
    expect(d.replaces).toEqual(["endedAt"]);
    expect(d.deleteBeforeReplace).toBe(true);
    expect(d.detailed).toEqual({ cause: K.UPDATE, endedAt: K.UPDATE_REPLACE });
  });

  it("leaves alone a written-once field the service wrote itself", async () => {
    const olds = resolvedIncident;
    const { endedAt: _ended, ...declared } = olds;
    const d = await env.plugin.diff("Incident", "outage", "3", olds, { ...declared, cause: "y" });
    expect(d.diffs).toEqual(["cause"]);
    expect(d.replaces).toEqual([]);
  });

  it("treats an unknown value (preview) as a change of that property", async () => {
    const { inputs: olds } = await env.plugin.checkMonitor("api");
    const news = { ...olds, url: "04da6b54-80e4-46f7-96ec-b56ff0331ba9" };
    const d = await env.plugin.diff("Monitor", "api", "1", { ...olds, monitorId: 1 }, news);
    expect(d.diffs).toEqual(["url"]);
  });
});
