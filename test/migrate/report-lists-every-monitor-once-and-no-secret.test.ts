import { describe, expect, it } from "vitest";
import { mapMonitors } from "../../src/migrate/map";
import { buildReport, exitCodeOf, renderMarkdown } from "../../src/migrate/migration-report";
import { readTerraformState } from "../../src/migrate/terraform-state";
import { fixture, leaked } from "./helpers";

const migration = () => mapMonitors(readTerraformState(fixture("uptimerobot-official.tfstate"), "ur.tfstate"));

describe("the migration report", () => {
  const report = buildReport(migration(), { from: "terraform-state", file: "ur.tfstate" }, "yaml", ["Pulumi.yaml"]);

  it("lists every input monitor exactly once, with counts that add up", () => {
    expect(report.monitors.map((m) => m.name)).toEqual([
      "UR Website",
      "UR API",
      "UR error banner",
      "UR healthy text",
      "UR gateway ping",
      "UR database port",
      "UR nightly job",
      "UR example.org DNS",
    ]);
    expect(report.counts).toEqual({ monitors: 8, mapped: 2, approximated: 2, notMapped: 4, otherItems: 2 });
  });

  it("says what changed for approximated monitors and why for those not mapped", () => {
    const banner = report.monitors.find((m) => m.name === "UR error banner")!;
    expect(banner.changes).toEqual([
      "interval 120 s → 60 s (allowed: 60, 180, 300, 600, 900, 1800, 3600)",
      'pagerduty contact "Production PagerDuty" not carried: the service has no such channel',
      '`keyword_case_type` = "CaseInsensitive": the service matches the keyword case-sensitively, so a change of case alone changes the outcome',
    ]);
    expect(report.monitors.find((m) => m.name === "UR gateway ping")!.reason).toMatch(/^ping monitors/);
  });

  it("lists the config keys to set and no secret value, in JSON or Markdown", () => {
    expect(report.configKeys.map((k) => k.key)).toEqual([
      "urWebsiteAlertSlack",
      "urWebsiteAlertEmail",
      "urApiHeaderXApiKey",
      "urApiRequestAuthPassword",
      "urApiAlertTelegram",
    ]);
    const md = renderMarkdown(report);
    expect(md).toContain("**2 mapped**, **2 approximated**, **4 not mapped**; 2 other items not carried.");
    expect(md).toContain("- `pulumi config set --secret urApiRequestAuthPassword`: basic-auth password");
    expect(leaked(JSON.stringify(report))).toEqual([]);
    expect(leaked(md)).toEqual([]);
  });

  it("exits 1 when anything was approximated or not carried, 0 when all mapped", () => {
    expect(exitCodeOf(report)).toBe(1);
    const all = mapMonitors({
      monitors: [
        {
          ref: "line 2",
          vendor: "UptimeRobot",
          kind: "http",
          http: true,
          name: "A",
          url: "https://a.example/",
          intervalSeconds: 60,
          paused: false,
          contacts: [],
          dropped: [],
        },
      ],
      others: [],
    });
    expect(exitCodeOf(buildReport(all, { from: "uptimerobot-csv", file: "a.csv" }, "yaml", []))).toBe(0);
  });
});
