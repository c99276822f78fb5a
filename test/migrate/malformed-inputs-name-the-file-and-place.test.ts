import { describe, expect, it } from "vitest";
import { readKumaBackup } from "../../src/migrate/kuma-backup";
import { MigrateInputError } from "../../src/migrate/source";
import { readTerraformState } from "../../src/migrate/terraform-state";
import { readUptimeRobotCsv } from "../../src/migrate/uptimerobot-csv";
import { fixture } from "./helpers";

function failure(f: () => unknown): MigrateInputError {
  try {
    f();
  } catch (err) {
    if (err instanceof MigrateInputError) return err;
    throw err;
  }
  throw new Error("no error");
}

describe("malformed inputs", () => {
  it("a truncated backup names the file, the line and column, and says it ends early", () => {
    const e = failure(() => readKumaBackup(fixture("kuma-backup-truncated.json"), "backup.json"));
    expect(e.message).toMatch(
      /^backup\.json: line 27, column \d+: the JSON ends early \(truncated\?\); expected an Uptime Kuma backup/,
    );
  });

  it("a CSV without the URL column names line 1 and the missing column", () => {
    const e = failure(() => readUptimeRobotCsv(fixture("uptimerobot-missing-column.csv"), "monitors.csv"));
    expect(e.message).toBe("monitors.csv: line 1: expected the columns Friendly Name, URL, Type; missing URL");
  });

  it("a CSV row with too few fields, an unclosed quote and a bad interval name their lines", () => {
    const head = "Friendly Name,URL,Type,Interval\n";
    expect(
      failure(() => readUptimeRobotCsv(`${head}a,https://a.example,HTTP(s),60\nb,https://b.example\n`, "f.csv"))
        .message,
    ).toBe("f.csv: line 3: expected 4 fields as in the header; got 2");
    expect(failure(() => readUptimeRobotCsv(`${head}"a,https://a.example,HTTP(s),60\n`, "f.csv")).message).toBe(
      "f.csv: line 2: a quoted field is not closed (truncated file?)",
    );
    expect(failure(() => readUptimeRobotCsv(`${head}a,https://a.example,HTTP(s),often\n`, "f.csv")).message).toBe(
      "f.csv: line 2: expected Interval to be a number of seconds",
    );
  });

  it("a state of another provider only names the types it found", () => {
    const e = failure(() => readTerraformState(fixture("other-provider.tfstate"), "aws.tfstate"));
    expect(e.message).toBe(
      "aws.tfstate: $: expected resources of the UptimeRobot (uptimerobot_*), Better Stack (betteruptime_*) or Uptime Kuma (uptimekuma_*) providers; found aws_s3_bucket",
    );
  });

  it("a state of another format version, and a resource without instances, name their JSON paths", () => {
    expect(failure(() => readTerraformState('{"version": 3, "modules": []}', "old.tfstate")).message).toBe(
      "old.tfstate: $.version: expected state format version 4 (Terraform 0.12 and later), or `terraform show -json` output; got 3",
    );
    expect(
      failure(() => readTerraformState('{"version": 4, "resources": [{"type": "uptimerobot_monitor"}]}', "s.tfstate"))
        .message,
    ).toBe("s.tfstate: $.resources[0]: expected a resource with a type and an array of instances");
  });

  it("a backup without monitorList, or with a notification config that is not JSON, names the path", () => {
    expect(failure(() => readKumaBackup('{"version": "1.23.0"}', "b.json")).message).toBe(
      "b.json: $.monitorList: expected an array of monitors (is this an Uptime Kuma backup?)",
    );
    const bad = JSON.stringify({ monitorList: [], notificationList: [{ id: 1, config: "{not json" }] });
    expect(failure(() => readKumaBackup(bad, "b.json")).message).toBe(
      "b.json: $.notificationList[0].config: expected the notification's settings as a JSON object in a string",
    );
  });

  it("never quotes a value of the input", () => {
    const bad = JSON.stringify({ monitorList: [], notificationList: [{ id: 1, config: "{secret-value-xyz" }] });
    expect(failure(() => readKumaBackup(bad, "b.json")).message).not.toContain("secret-value-xyz");
  });
});
