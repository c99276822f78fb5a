/**
 * The provider's `defaults` from stack config (`pulumi config set --path uptime:defaults.…`)
 * in a YAML program, through the plugin, under the real engine: a bad default fails the
 * preview naming `defaults.<field>` and the allowed values before any request; valid ones
 * fill the monitor that omits the fields (its generated name prefixed) and leave the one
 * that declares its own alone; the secret parts (an alert target, a header value) never
 * show in plaintext in state or output; a changed default previews (with `--diff`, its
 * effective value) and applies as an in-place update of the inheriting monitor only; an
 * explicit provider's `defaults` input (an object in YAML) gives its own monitors its own.
 */
import { describe, expect, it } from "vitest";
import { PLUGIN_MONITOR_TYPE, byName, failed, ok } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { expectNoLeaks, yamlSecrets } from "./plugin-fixtures";

describe("provider defaults in a YAML program", () => {
  const e2e = lifecycleStack({ stack: { project: "yaml-defaults" } });
  const secrets = yamlSecrets();
  const oncall = `oncall-${secrets.token}@example.com`;
  const set = (key: string, value: string, secret = false) =>
    e2e.stack.setConfig(`uptime:defaults.${key}`, value, secret, true);

  it("a bad default fails preview naming defaults.<field> and the allowed values, before any request", async () => {
    await set("interval", "45");
    const before = e2e.srv.server.requests.length;
    const bad = failed(await e2e.stack.preview());
    expect(bad.output).toMatch(/defaults\.interval: 45 is not one of 60, 180, 300, 600, 900, 1800, 3600/);
    expect(e2e.srv.server.requests.length).toBe(before);
  });

  it("fills the monitor that omits the fields, prefixes its name, and leaves the declaring one alone", async () => {
    await set("interval", "300");
    await set("namePrefix", "sre-");
    await set("alerts[0].key", "email");
    await set("alerts[0].value", oncall, true);
    await set("requestHeaders[0].key", "X-Team-Token");
    await set("requestHeaders[0].value", secrets.token, true);
    ok(await e2e.stack.up());

    const monitors = await e2e.srv.api.monitors();
    const inherits = monitors.find((m) => m.name.startsWith("sre-inherits-"));
    expect(inherits).toMatchObject({
      interval: 300,
      alerts: [{ key: "email", value: oncall }],
      request_headers: [{ key: "X-Team-Token", value: secrets.token }],
    });
    expect(await e2e.srv.api.monitorNamed("e2e yaml defaults own")).toMatchObject({
      interval: 60,
      alerts: [{ key: "email", value: "own@example.com" }],
      request_headers: [],
    });
    ok(await e2e.stack.preview(["--expect-no-changes"]));

    const { text } = await e2e.stack.stackExport();
    expect(text).not.toContain(secrets.token);
    expect(text).not.toContain(oncall);
    expectNoLeaks(e2e.stack, [e2e.srv.apiKey, secrets.token, oncall]);
  });

  it("a changed default updates the inheriting monitor in place, and only it", async () => {
    const before = byName(await e2e.stack.resources(PLUGIN_MONITOR_TYPE), "inherits");
    await set("interval", "600");
    const diff = ok(await e2e.stack.preview(["--diff"]));
    expect(diff.output).toMatch(
      /~ uptime:index:Monitor: \(update\)[\s\S]*?::inherits\][\s\S]*?~ interval\s*: 300 => 600/,
    );
    expect(diff.output).not.toMatch(/uptime:index:Monitor: \((update|replace|create|delete)\)[^\n]*\n[^\n]*::own\]/);
    expect(diff.output).not.toMatch(/replace/);

    ok(await e2e.stack.up());
    const after = byName(await e2e.stack.resources(PLUGIN_MONITOR_TYPE), "inherits");
    expect(after.id).toBe(before.id);
    expect(after.outputs).toMatchObject({ interval: 600 });
    expect((await e2e.srv.api.monitorNamed("e2e yaml defaults own")).interval).toBe(60);
    expectNoLeaks(e2e.stack, [e2e.srv.apiKey, secrets.token, oncall]);
  });

  it("an explicit provider's defaults input gives its monitors its own defaults", async () => {
    e2e.stack.editFile("Pulumi.yaml", (t) =>
      t.replace(
        "outputs:\n",
        [
          "  team:",
          "    type: pulumi:providers:uptime",
          "    properties:",
          "      defaults:",
          "        interval: 900",
          "        namePrefix: team-",
          "  teamApi:",
          "    type: uptime:index:Monitor",
          "    properties:",
          "      url: https://team.example.com/health",
          "    options:",
          "      provider: ${team}",
          "outputs:\n",
        ].join("\n"),
      ),
    );
    const preview = ok(await e2e.stack.preview(["--diff"]));
    expect(preview.output).toMatch(/\+ uptime:index:Monitor: \(create\)[\s\S]*?::teamApi\][\s\S]*?interval\s*: 900/);
    expect(preview.output).toMatch(/name\s*: "team-teamApi-/);
    expect(preview.output).not.toMatch(/uptime:index:Monitor: \((update|replace|delete)\)/);
  });
});
