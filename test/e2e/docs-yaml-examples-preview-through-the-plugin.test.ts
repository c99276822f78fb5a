/**
 * The YAML example of every resource and function (docs/examples/<name>/yaml.yaml, what the
 * schema's descriptions and the Registry show) runs under `pulumi preview` through the
 * provider plugin against a local server: the resources preview as creates, the functions
 * read a monitor and an incident stored there. A misspelt property fails the preview.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readExamples } from "../../src/generate/read-examples";
import { startE2EServer, type E2EServer } from "./api";
import { E2EStack, PLUGIN_DIR, failed, ok, summary } from "./harness";

const examples = readExamples();

/** A YAML project holding one example's program, with the plugin from dist/plugin. */
function project(name: string, program: string): Record<string, string> {
  const header = `name: docs-example-${name.toLowerCase()}\nruntime: yaml\nplugins:\n  providers:\n    - name: uptime\n      path: ${PLUGIN_DIR}\n`;
  return { "Pulumi.yaml": `${header}${program}\n` };
}

describe("the docs' YAML examples", () => {
  let srv: E2EServer;
  let ids: { monitorId: string; incidentId: string };
  const stacks: E2EStack[] = [];

  beforeAll(async () => {
    srv = await startE2EServer();
    const monitor = await srv.api.createMonitor({
      name: "docs example target",
      url: "https://target.example.com/",
      interval: 300,
    });
    const incident = await srv.api.call("POST", "/api/v1/incidents", {
      monitor_id: monitor.id,
      started_at: "2026-03-02T09:14:00",
    });
    expect(incident.status).toBe(201);
    ids = { monitorId: String(monitor.id), incidentId: String(incident.body.data.id) };
  });
  afterAll(async () => {
    for (const s of stacks) s.dispose();
    await srv?.close();
  });

  async function stackOf(name: string, program: string, config: Record<string, string> = ids): Promise<E2EStack> {
    const s = await E2EStack.create({ project: `docs-${name}`, files: project(name, program), server: srv, config });
    stacks.push(s);
    return s;
  }

  it.each(Object.keys(examples))(
    "%s previews",
    async (name) => {
      const s = await stackOf(name, examples[name].programs.yaml);
      const r = ok(await s.preview());
      // Each declared resource (a ServiceMonitors also creates a monitor per check), plus the stack itself.
      expect(summary(r.output).create).toBe(declaredCreates(examples[name].programs.yaml) + 1);
    },
    240_000,
  );

  it("a function's read reaches the server: a monitor id it lacks fails the preview", async () => {
    const s = await stackOf("absent", examples.getMonitor.programs.yaml, { ...ids, monitorId: "999999" });
    const r = failed(await s.preview());
    expect(r.output).toMatch(/999999/);
  }, 240_000);

  it("a misspelt property fails the preview, naming it", async () => {
    const s = await stackOf("misspelt", examples.Monitor.programs.yaml.replace("url:", "uri:"));
    const r = failed(await s.preview());
    expect(r.output).toMatch(/uri/);
  }, 240_000);
});

/** The resources a YAML program creates: each `uptime:` resource, and a monitor per check of a ServiceMonitors. */
function declaredCreates(program: string): number {
  const doc = parse(program) as { resources?: Record<string, { type: string; properties?: { checks?: object } }> };
  return Object.values(doc.resources ?? {})
    .filter((r) => r.type.startsWith("uptime:"))
    .reduce(
      (n, r) => n + 1 + (/ServiceMonitors$/.test(r.type) ? Object.keys(r.properties?.checks ?? {}).length : 0),
      0,
    );
}
