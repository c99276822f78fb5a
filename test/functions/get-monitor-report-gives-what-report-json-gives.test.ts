/**
 * This package's Node.js `getMonitorReport`, plain and Output forms, against the report
 * command's history: the figures `pulumi-uptime report --json` gives for the monitor, and
 * bad arguments refused naming the argument, before any request.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMonitorReport, getMonitorReportOutput } from "../../src/index";
import { KEY, ZONE, reportFixture } from "../cli/report-fixture";

const FROM = "2026-01-01T01:00";
const UNTIL = "2026-01-31T01:00";

describe("getMonitorReport in a Node.js program", () => {
  let f: Awaited<ReturnType<typeof reportFixture>>;
  let opts: { baseUrl: string; apiKey: string; timeZone: string };
  beforeAll(async () => {
    f = await reportFixture();
    opts = { baseUrl: f.server.url, apiKey: KEY, timeZone: ZONE };
  }, 60_000);
  afterAll(() => f?.close());

  it("gives report --json's figures, plain and as an Output", async () => {
    const r = await f.run(["--json", "--from", FROM, "--until", UNTIL, "--slo", "99.5"]);
    expect(r.code).toBe(0);
    const expected = (JSON.parse(r.stdout) as { monitors: { id: number }[] }).monitors.find(
      (m) => m.id === f.monitors.web.id,
    );
    const args = { monitorId: f.monitors.web.id, from: FROM, until: UNTIL, slo: 99.5 };
    expect(await getMonitorReport(args, opts)).toEqual(expected);
    const output = getMonitorReportOutput({ ...args, monitorId: pulumi.output(f.monitors.web.id) }, opts);
    expect(await new Promise((resolve) => output.apply(resolve))).toEqual(expected);
  });

  it("takes a null argument (a JavaScript caller's) for an unset one", async () => {
    const args = { monitorId: f.monitors.web.id, from: FROM, until: UNTIL };
    const nulls = { ...args, window: null, slo: null } as unknown as typeof args;
    expect(await getMonitorReport(nulls, opts)).toEqual(await getMonitorReport(args, opts));
  });

  it("refuses bad arguments naming them, before any request", async () => {
    const before = f.server.requests.length;
    const id = f.monitors.web.id;
    await expect(getMonitorReport({ monitorId: id, window: "7d", from: FROM }, opts)).rejects.toThrow(
      "getMonitorReport: window: give either window or from, not both",
    );
    await expect(getMonitorReport({ monitorId: id, slo: 0 }, opts)).rejects.toThrow(
      "getMonitorReport: slo: must be a percentage between 0 and 100",
    );
    await expect(getMonitorReport({ monitorId: 0 }, opts)).rejects.toThrow("monitorId: must be a positive monitor id");
    await expect(getMonitorReport({ monitorId: id, until: "2099-01-01T00:00Z" }, opts)).rejects.toThrow(
      /^until: until "2099-01-01T00:00Z" is in the future/,
    );
    expect(f.server.requests.length).toBe(before);
  });
});
