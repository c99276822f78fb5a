/**
 * Monitors made outside Pulumi are adopted by a YAML program through the plugin, both
 * ways Pulumi offers: `pulumi import uptime:index:Monitor <name> <id>` (its generated code
 * added to the program) and the `import` resource option. Afterwards a preview shows no
 * changes, and the service holds each monitor once.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { PLUGIN_MONITOR_TYPE, byName, ok, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { expectNoLeaks } from "./plugin-fixtures";

describe("adopting monitors in a YAML program", () => {
  const hook = `https://hooks.example.com/import/${randomBytes(8).toString("hex")}`;
  const e2e = lifecycleStack({ stack: { project: "yaml-import" }, up: true });

  /** Adds resources to the program's `resources`. */
  function addResources(resources: Record<string, unknown>): void {
    e2e.stack.editFile("Pulumi.yaml", (t) => {
      const program = parse(t) as { resources: Record<string, unknown> };
      program.resources = { ...program.resources, ...resources };
      return stringify(program);
    });
  }

  it("`pulumi import` adopts a monitor, and the program with its generated code changes nothing", async () => {
    const made = await e2e.srv.api.createMonitor({
      name: "made outside",
      url: "https://outside.example.com/",
      interval: 300,
      alert_condition: "url_text",
      alert_text_lookup: "ok",
      "alerts[0][key]": "webhook",
      "alerts[0][value]": hook,
    });
    const out = join(e2e.stack.dir, "imported.yaml");
    const writes = e2e.srv.server.writeCount();
    const imported = ok(
      await e2e.stack.importResource(PLUGIN_MONITOR_TYPE, "outside", String(made.id), ["--out", out]),
    );
    expect(imported.output).toMatch(/=\s*1 imported/);
    expect(e2e.srv.server.writeCount()).toBe(writes);
    const generated = parse(readFileSync(out, "utf8")) as {
      resources: Record<string, { properties: Record<string, unknown> }>;
    };
    expect(generated.resources.outside.properties).toMatchObject({
      name: "made outside",
      interval: 300,
      alertCondition: "url_text",
    });
    addResources(generated.resources);
    ok(await e2e.stack.preview(["--expect-no-changes"]));
    const state = byName(await e2e.stack.resources(PLUGIN_MONITOR_TYPE), "outside");
    expect(state.id).toBe(String(made.id));
  });

  it("the `import` option adopts a monitor on up, and the next preview changes nothing", async () => {
    const made = await e2e.srv.api.createMonitor({
      name: "made outside two",
      url: "https://outside2.example.com/",
      interval: 600,
    });
    addResources({
      byOption: {
        type: "uptime:index:Monitor",
        properties: { name: "made outside two", url: "https://outside2.example.com/", interval: 600 },
        options: { import: String(made.id) },
      },
    });
    const up = ok(await e2e.stack.up());
    expect(summary(up.output)).toMatchObject({ import: 1 });
    expect(byName(await e2e.stack.resources(PLUGIN_MONITOR_TYPE), "byOption").id).toBe(String(made.id));
    ok(await e2e.stack.preview(["--expect-no-changes"]));

    const names = (await e2e.srv.api.monitors()).map((m) => m.name).sort();
    expect(names).toEqual(["e2e import declared", "made outside", "made outside two"]);
    expectNoLeaks(e2e.stack, [e2e.srv.apiKey, hook]);
  });
});
