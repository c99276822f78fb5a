/**
 * A monitor's whole life through the plugin against the local server: check fills the
 * defaults and marks the secret fields secret; create, read and update answer with those
 * fields (and anything that came in secret) still secret; delete removes it. Nothing
 * secret comes back as a plain value.
 */
import { describe, expect, it } from "vitest";
import { configuredPlugin, isSecret, outsideSecrets, secret } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const env = fileFixture(() => configuredPlugin());

const HOOK = "https://hooks.example.com/plugin-secret-hook";

describe("A monitor through the plugin", () => {
  it("is created, read, updated and deleted with its secrets wrapped both ways", async () => {
    // alerts given as a plain value, the name as a secret: both come back secret.
    const { inputs, failures } = await env.plugin.checkMonitor("api", {
      name: secret("plugin api"),
      alerts: [{ key: "webhook", value: HOOK }],
    });
    expect(failures).toEqual([]);
    expect(inputs).toMatchObject({ alertCondition: "url_unavailable", requestMethod: "GET", cacheBuster: 0 });
    for (const k of ["alerts", "requestHeaders", "name"]) expect(isSecret(inputs[k]), `check inputs.${k}`).toBe(true);
    expect(inputs).not.toHaveProperty("__resourceName");

    const created = await env.plugin.create("Monitor", "api", inputs);
    expect(created.id).toMatch(/^\d+$/);
    expect(created.outs).toMatchObject({ monitorId: Number(created.id), status: "pending" });
    for (const k of ["alerts", "requestHeaders", "name"])
      expect(isSecret(created.outs[k]), `create outs.${k}`).toBe(true);
    expect(JSON.stringify(outsideSecrets(created.outs))).not.toContain(HOOK);
    expect(created.outs).not.toHaveProperty("__resourceName");

    const read = await env.plugin.read("Monitor", "api", created.id, created.outs, inputs);
    expect(read.id).toBe(created.id);
    expect(isSecret(read.props.alerts)).toBe(true);
    expect((read.props.alerts as { value: unknown }).value).toEqual([{ key: "webhook", value: HOOK }]);
    expect(isSecret(read.inputs.name), "a name that came in secret stays secret").toBe(true);

    const { inputs: news } = await env.plugin.checkMonitor("api", {
      interval: 300,
      alerts: [{ key: "email", value: "ops@example.com" }],
    });
    const updated = await env.plugin.update("Monitor", "api", created.id, created.outs, news);
    expect(updated.outs).toMatchObject({ interval: 300, monitorId: Number(created.id) });
    expect((updated.outs.alerts as { value: unknown }).value).toEqual([{ key: "email", value: "ops@example.com" }]);

    await env.plugin.delete("Monitor", "api", created.id, updated.outs);
    const gone = await env.plugin.read("Monitor", "api", created.id, updated.outs, news);
    expect(gone.id).toBe("");
  });

  it("a failing check of a secret field names it without the value or a property to print", async () => {
    const long = `pw-${"z".repeat(1100)}`;
    const { failures } = await env.plugin.checkMonitor("api", {
      requestAuthUsername: "robot",
      requestAuthPassword: secret(long),
    });
    expect(failures).toEqual([{ property: "", reason: "requestAuthPassword: must be at most 1024 characters" }]);
    const bad = await env.plugin.checkMonitor("api", { interval: 45 });
    expect(bad.failures).toEqual([
      { property: "interval", reason: "interval: 45 is not one of 60, 180, 300, 600, 900, 1800, 3600" },
    ]);
  });
});
