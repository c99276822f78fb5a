/**
 * The check of a program that exports `getMonitorReport`'s figures of the monitor it
 * declares, run in place under the engine (runExample): the first `up` exports a clean
 * record; after an outage stored through the API (two seconds, after the monitor's creation,
 * in the past), the next `up` exports exactly what `pulumi-uptime report --json` gives for
 * the monitor over the same period, under the same names.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runReportCommand } from "../../src/cli/report";
import { UptimeClient } from "../../src/client";
import { runCaptured } from "../support/captured-command-run";
import { ok } from "./harness";
import { runExample, type ExampleRun } from "./examples";

/** `v` without its null fields: the engine drops them from outputs. */
const withoutNulls = (v: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null));

/** An instant in whole seconds as `--from`/`--until` read it: `2026-01-02T03:04:05Z`. */
const instant = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** The service's wall time (the e2e account is on UTC) of `ms`. */
const wall = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/** What the program exports: the whole report under `reportKey`, its availability under `availabilityKey`. */
interface ReportOutputs {
  monitorName: string;
  reportKey: string;
  availabilityKey: string;
}

/** Runs the check on `run`'s stack; returns the figures the second `up` exported. */
async function expectProgramReportsWhatReportJsonGives(run: ExampleRun, keys: ReportOutputs) {
  const api = new UptimeClient({ baseUrl: run.srv.url, apiKey: run.srv.apiKey });
  try {
    ok(await run.stack.up());
    const first = await run.stack.outputs();
    expect(first[keys.availabilityKey]).toBe(100);

    const monitor = (await api.monitors.list({ search: keys.monitorName })).data[0];
    const createdMs = Date.parse(`${monitor.created_at}Z`);
    // Two seconds down, starting a second after the monitor was made, stored once it is over.
    while (Date.now() < createdMs + 4000) await new Promise((r) => setTimeout(r, 250));
    await api.incidents.create({
      monitor_id: monitor.id,
      started_at: wall(createdMs + 1000),
      ended_at: wall(createdMs + 3000),
    });

    ok(await run.stack.up());
    const out = await run.stack.outputs();
    const report = out[keys.reportKey] as Record<string, unknown> & { periodSeconds: number; measuredFrom: string };
    expect(report).toMatchObject({ id: monitor.id, downtimeSeconds: 2, incidents: 1, mttrSeconds: 2, ongoing: false });
    expect(out[keys.availabilityKey]).toBe(report.availability);
    expect(report.availability as number).toBeLessThan(100);

    const fromMs = Date.parse(report.measuredFrom);
    const cli = await runCaptured(
      (argv, io) => runReportCommand(argv, io),
      ["--json", "--slo", "99.9", "--from", instant(fromMs), "--until", instant(fromMs + report.periodSeconds * 1000)],
      { env: { PATH: process.env.PATH, UPTIME_BASE_URL: run.srv.url, UPTIME_API_KEY: run.srv.apiKey } },
    );
    expect(cli.code, cli.stderr).toBe(0);
    const figures = (JSON.parse(cli.stdout) as { monitors: Record<string, unknown>[] }).monitors.find(
      (m) => m.id === monitor.id,
    )!;
    expect(report).toEqual(withoutNulls(figures));
    expect(JSON.stringify(out)).not.toContain(run.srv.apiKey);
    return report;
  } finally {
    await api.close();
  }
}

/**
 * Declares the test of the program at `dir` (run in place, destroyed after): the check
 * above, then `more` with the stack's outputs and the figures it exported.
 */
export function describeReportFunctionProgram(
  label: string,
  dir: string,
  keys: ReportOutputs,
  more: (outputs: Record<string, unknown>, report: Record<string, unknown>) => void = () => undefined,
): void {
  describe(label, () => {
    let run: ExampleRun;
    beforeAll(async () => {
      run = await runExample(dir, label);
    }, 900_000);
    afterAll(async () => {
      if (run) ok(await run.stack.destroy());
      await run?.close();
    });

    it("exports the figures report --json gives for the monitor", async () => {
      const report = await expectProgramReportsWhatReportJsonGives(run, keys);
      more(await run.stack.outputs(), report);
    });
  });
}
