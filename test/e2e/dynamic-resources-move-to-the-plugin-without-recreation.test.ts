/**
 * The documented move of a Node.js program from pulumi-uptime's dynamic resources to the
 * plugin's Node.js SDK (docs/migrate-to-plugin.md): the same declarations on the SDK, each
 * aliased to its dynamic type. Under the real engine: the preview of the move shows nothing
 * to create, update, replace or delete and writes nothing; `up` keeps every monitor and
 * incident (same ids, none duplicated) and retypes them in state; the next preview, and one
 * after a refresh, show no changes. What the dynamic state knew carries over: the write-only
 * password, which acknowledgement the program wrote (changing it still replaces the
 * incident), and an incident's first end still updates in place.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  FIXTURES,
  INCIDENT_TYPE,
  MONITOR_TYPE,
  PLUGIN_INCIDENT_TYPE,
  PLUGIN_MONITOR_TYPE,
  byName,
  isSecretEnvelope,
  ok,
  summary,
} from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { expectNoLeaks, yamlSecrets } from "./plugin-fixtures";

const PASSWORD = `migrate-password-${Date.now()}`;

describe("moving a program from the dynamic resources to the plugin's SDK", () => {
  const secrets = yamlSecrets();
  const e2e = lifecycleStack({
    stack: {
      project: "migrate-to-plugin",
      config: {
        webhookUrl: { value: secrets.hook, secret: true },
        probeToken: { value: secrets.token, secret: true },
        probePassword: { value: PASSWORD, secret: true },
      },
    },
  });

  it("keeps every monitor and incident, and the next previews show no changes", async () => {
    ok(await e2e.stack.up());
    const monitorsBefore = (await e2e.srv.api.monitors()).map((m) => m.id).sort();
    const incidentsBefore = (await e2e.srv.api.incidents()).map((i) => i.id);
    expect(monitorsBefore).toHaveLength(2);
    expect(incidentsBefore).toHaveLength(1);
    expect((await e2e.stack.resources(MONITOR_TYPE)).map((r) => r.id).sort()).toEqual(monitorsBefore.map(String));

    // The move, as a user makes it: the program now declares the SDK's resources (the same
    // declarations, declarations.js, on the other package, with aliases).
    e2e.stack.editFile("index.js", () => readFileSync(join(FIXTURES, "migrate-to-plugin", "plugin.js"), "utf8"));
    const writes = e2e.srv.server.writeCount();
    const preview = ok(await e2e.stack.preview(["--diff"]));
    const planned = summary(preview.output);
    for (const step of ["create", "update", "replace", "delete"])
      expect(planned[step] ?? 0, `${step} in the preview of the move`).toBe(0);

    const moved = ok(await e2e.stack.up());
    for (const step of ["create", "update", "replace", "delete"])
      expect(summary(moved.output)[step] ?? 0, `${step} in the up of the move`).toBe(0);
    expect(e2e.srv.server.writeCount()).toBe(writes);
    expect((await e2e.srv.api.monitors()).map((m) => m.id).sort()).toEqual(monitorsBefore);
    expect((await e2e.srv.api.incidents()).map((i) => i.id)).toEqual(incidentsBefore);

    // State: the plugin's types under the same ids, none of the dynamic ones left.
    expect(await e2e.stack.resources(MONITOR_TYPE)).toEqual([]);
    expect(await e2e.stack.resources(INCIDENT_TYPE)).toEqual([]);
    const monitors = await e2e.stack.resources(PLUGIN_MONITOR_TYPE);
    expect(monitors.map((r) => r.id).sort()).toEqual(monitorsBefore.map(String));
    expect(isSecretEnvelope(byName(monitors, "api").outputs?.requestAuthPassword)).toBe(true);
    expect((await e2e.stack.resources(PLUGIN_INCIDENT_TYPE)).map((r) => r.id)).toEqual(incidentsBefore.map(String));

    ok(await e2e.stack.preview(["--expect-no-changes"]));
    ok(await e2e.stack.refresh());
    ok(await e2e.stack.preview(["--expect-no-changes"]));
    expect(e2e.srv.server.writeCount()).toBe(writes);
  });

  it("still knows which incident fields the program wrote, and writes through the plugin", async () => {
    // The acknowledgement the program wrote before the move is still the program's: changing it replaces.
    e2e.stack.editFile("declarations.js", (t) =>
      t.replace('acknowledgedAt: "2024-01-01T10:10:00"', 'acknowledgedAt: "2024-01-01T10:20:00"'),
    );
    expect(summary(ok(await e2e.stack.preview()).output)).toMatchObject({ replace: 1 });
    e2e.stack.editFile("declarations.js", (t) =>
      t.replace('acknowledgedAt: "2024-01-01T10:20:00"', 'acknowledgedAt: "2024-01-01T10:10:00"'),
    );

    // A first end is an in-place update; the monitor's interval too.
    const [incident] = await e2e.srv.api.incidents();
    e2e.stack.editFile("declarations.js", (t) =>
      t
        .replace('cause: "502 Bad Gateway",', 'cause: "502 Bad Gateway",\n      endedAt: "2024-01-01T11:00:00",')
        .replace("interval: 60,", "interval: 180,"),
    );
    const up = ok(await e2e.stack.up());
    expect(summary(up.output)).toMatchObject({ update: 2 });
    expect(summary(up.output).replace ?? 0).toBe(0);
    expect(await e2e.srv.api.incidents()).toEqual([expect.objectContaining({ id: incident.id, status: "resolved" })]);
    expect((await e2e.stack.outputs()).outageStatus).toBe("resolved");
    const api = byName(await e2e.stack.resources(PLUGIN_MONITOR_TYPE), "api");
    expect(await e2e.srv.api.monitor(Number(api.id))).toMatchObject({ interval: 180 });
    ok(await e2e.stack.preview(["--expect-no-changes"]));

    ok(await e2e.stack.destroy());
    expect(await e2e.srv.api.monitors()).toEqual([]);
    expect(await e2e.srv.api.incidents()).toEqual([]);
    expectNoLeaks(e2e.stack, [e2e.srv.apiKey, secrets.hook, secrets.token, PASSWORD]);
  });
});
