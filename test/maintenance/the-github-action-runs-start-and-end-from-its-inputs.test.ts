/**
 * The composite action (action.yml): its step's script, run with bash as the runner would
 * (inputs as the step's environment, defaults filled), drives `pulumi-uptime maintenance`
 * against the local server; every input is documented in docs/maintenance.md; the GitOps
 * workflow opens a window before the app's deploy and ends it in an `always()` step.
 */
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { formatLocalDateTime } from "../../src/util/time";
import { maintenanceFixture, KEY } from "./helpers";

const ROOT = join(__dirname, "..", "..");
interface Action {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  runs: { using: string; steps: { run: string; env: Record<string, string> }[] };
}
const action = parse(readFileSync(join(ROOT, "action.yml"), "utf8")) as Action;

/** The step's environment as the runner gives it: `${{ inputs.x }}` replaced by the input or its default. */
function stepEnv(given: Record<string, string>): Record<string, string> {
  const step = action.runs.steps[0];
  return Object.fromEntries(
    Object.entries(step.env).map(([k, v]) => {
      const name = /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(v)![1];
      return [k, given[name] ?? action.inputs[name].default ?? ""];
    }),
  );
}

/**
 * What the step wrote to stderr, less npm's warning that this machine's Node.js is below the
 * floor package.json's `engines` claims (the tests run on the machine's Node 20; a runner on a
 * supported Node prints no such lines).
 */
const withoutEngineWarning = (stderr: string) =>
  stderr
    .split("\n")
    .filter((line) => !line.startsWith("npm warn EBADENGINE"))
    .join("\n");

async function runAction(given: Record<string, string>, env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await promisify(execFile)("bash", ["-c", action.runs.steps[0].run], {
      cwd: ROOT, // where pulumi-uptime is installed (the package links itself)
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, ...stepEnv(given) },
    });
    return { code: 0, stdout, stderr: withoutEngineWarning(stderr) };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: withoutEngineWarning(e.stderr) };
  }
}

describe("the GitHub Action", () => {
  let f: Awaited<ReturnType<typeof maintenanceFixture>>;
  beforeAll(async () => {
    f = await maintenanceFixture("UTC");
  });
  afterAll(() => f?.close());

  it("is a composite action whose start and end silence and restore the searched monitors, the key passed as a variable", async () => {
    expect(action.runs.using).toBe("composite");
    const [m] = await f.monitors("action target");
    const record = join(f.dir, "action.json");
    const settings = { UPTIME_BASE_URL: f.server.url };
    const started = await runAction(
      { command: "start", search: "action target", for: "10m", record, "api-key": KEY },
      settings,
    );
    expect(started.stderr).toBe("");
    expect(started.code).toBe(0);
    expect((await f.api.monitors.get(m.id)).status).toBe("maintenance");
    const ended = await runAction({ command: "end", record, "api-key": KEY }, settings);
    expect(ended.code).toBe(0);
    expect((await f.api.monitors.get(m.id)).maintenance_start_at).toBeNull();
  });

  it("report writes its Markdown to the step summary too, and fails the step when the gate fails", async () => {
    const [m] = await f.monitors("action report target");
    const summary = join(f.dir, "summary.md");
    writeFileSync(summary, "");
    const at = formatLocalDateTime(Date.now() - 3_600_000, "UTC");
    await f.api.incidents.create({ monitor_id: m.id, started_at: at });
    const settings = { UPTIME_BASE_URL: f.server.url, GITHUB_STEP_SUMMARY: summary };
    const given = { command: "report", search: "action report target", "api-key": KEY, slo: "99.9", window: "7d" };
    const passed = await runAction(given, settings);
    expect(passed.code).toBe(0);
    expect(passed.stdout).toMatch(/^### Availability, .* SLO 99.9%/);
    expect(readFileSync(summary, "utf8")).toBe(passed.stdout);
    const failed = await runAction({ ...given, "fail-under-budget": "10" }, settings);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain("**The gate fails:**");
    expect(`${failed.stdout}${failed.stderr}`).not.toContain(KEY);
  });

  it("refuses a command other than start, end or report with exit 2", async () => {
    const r = await runAction({ command: "stop" }, {});
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/command must be start, end or report; got "stop"/);
  });

  it("documents every input in docs/maintenance.md", () => {
    const doc = readFileSync(join(ROOT, "docs", "maintenance.md"), "utf8");
    for (const name of Object.keys(action.inputs)) expect(doc).toMatch(new RegExp(`\\| (\`[\\w-]+\`, )?\`${name}\``));
  });

  it("the GitOps workflow opens a window before the app's deploy and ends it in an always() step", () => {
    const wf = parse(readFileSync(join(ROOT, "examples", "gitops", "ci", "github-actions.yml"), "utf8")) as {
      jobs: Record<string, { steps: { uses?: string; run?: string; if?: string; with?: Record<string, string> }[] }>;
    };
    const steps = wf.jobs["app-deploy"].steps;
    const start = steps.findIndex(
      (s) => s.uses?.startsWith("pulumi-uptime/pulumi-uptime@") && s.with?.command === "start",
    );
    const deploy = steps.findIndex((s) => s.run?.includes("deploy"));
    const end = steps.findIndex((s) => s.uses?.startsWith("pulumi-uptime/pulumi-uptime@") && s.with?.command === "end");
    expect(start).toBeGreaterThan(-1);
    expect(deploy).toBeGreaterThan(start);
    expect(end).toBeGreaterThan(deploy);
    expect(steps[end].if).toBe("always()");
  });

  it("the GitOps workflow gates the production up on the error budget", () => {
    const wf = parse(readFileSync(join(ROOT, "examples", "gitops", "ci", "github-actions.yml"), "utf8")) as {
      jobs: Record<string, { steps: { uses?: string; with?: Record<string, string> }[] }>;
    };
    const steps = wf.jobs.up.steps;
    const gate = steps.findIndex(
      (s) => s.uses?.startsWith("pulumi-uptime/pulumi-uptime@") && s.with?.command === "report",
    );
    const up = steps.findIndex((s) => s.uses?.startsWith("pulumi/actions@") && s.with?.command === "up");
    expect(gate).toBeGreaterThan(-1);
    expect(up).toBeGreaterThan(gate);
    expect(steps[gate].with).toMatchObject({ "fail-under-budget": "10" });
  });
});
