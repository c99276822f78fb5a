import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMonitorsYaml, resolveConfigRefs } from "../../src/gitops";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { changedMonitorFields } from "../../src/runtime/monitor/diff-monitor";
import { fromApi, type MonitorInputs } from "../../src/runtime/monitor/monitor-props";
import type { Monitor } from "../../src/client";
import { planExport } from "../../src/export/plan";
import { exportFrom, seededServer } from "./helpers";

describe("the YAML export", () => {
  let env: Awaited<ReturnType<typeof seededServer>>;
  let live: Monitor[];
  let yaml: string;
  beforeAll(async () => {
    env = await seededServer();
    live = [];
    for await (const m of env.client.monitors.all({ sort_by: "id", sort: "asc" })) live.push(m);
    const run = await exportFrom(env.server, ["--format", "yaml", "--per-page", "25"]);
    expect(run.code).toBe(0);
    yaml = run.stdout;
  });
  afterAll(() => env.close());

  it("loads through loadMonitorsFile's parser with no problems, one entry per monitor, adoption on", () => {
    const entries = parseMonitorsYaml(yaml, "monitors.yaml");
    expect(entries).toHaveLength(live.length);
    expect(entries.map((e) => e.args.name)).toEqual(live.map((m) => m.name));
    expect(entries.every((e) => e.args.adopt === true)).toBe(true);
    expect(new Set(entries.map((e) => e.resourceName)).size).toBe(entries.length);
  });

  it("declares each monitor exactly as it is: the provider sees no change but the write-only password", () => {
    const entries = parseMonitorsYaml(yaml, "monitors.yaml");
    entries.forEach((entry, i) => {
      // The values the service returned, as `--set-secrets` would store them; passwords made up.
      const values = new Map(planExport(live).secrets.map((p) => [p.configKey, p.value ?? "the-password"]));
      const args = resolveConfigRefs(entry.args, (ref) => values.get(ref));
      const checked = checkMonitor(args as Record<string, unknown>);
      expect(checked.failures ?? []).toEqual([]);
      const changed = changedMonitorFields(fromApi(live[i]), checked.inputs as MonitorInputs);
      expect(changed, entry.resourceName).toEqual(live[i].request_auth_username ? ["requestAuthPassword"] : []);
    });
  });

  it("leaves the service's defaults out", () => {
    const plain = parseMonitorsYaml(yaml, "monitors.yaml").find((e) => e.args.name === "Service 20")!;
    expect(plain.args).toEqual({
      name: "Service 20",
      url: "https://svc20.example.com/health",
      interval: 300,
      alerts: [{ key: "email", value: "${config:service20AlertEmail}" }],
      adopt: true,
    });
  });
});
