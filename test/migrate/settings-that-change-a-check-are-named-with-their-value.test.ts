/**
 * A vendor setting that changes what a check does and has no equal here makes the monitor
 * approximated, the change naming the setting and its value, and the run exits 1; what is
 * equal (UptimeRobot's case-sensitive keyword, its default success codes with redirects
 * followed, the vendors' defaults) is mapped, so a plain state exits 0.
 */
import { describe, expect, it } from "vitest";
import { mapMonitors } from "../../src/migrate/map";
import { buildReport, exitCodeOf } from "../../src/migrate/migration-report";
import { readKumaBackup } from "../../src/migrate/kuma-backup";
import { readTerraformState } from "../../src/migrate/terraform-state";
import { tfState } from "./helpers";

/** The report entry and exit code of migrating `text` read by `read`. */
function migrate(read: () => ReturnType<typeof readTerraformState>) {
  const m = mapMonitors(read());
  const report = buildReport(m, { from: "terraform-state", file: "s" }, "yaml", []);
  return { entry: report.monitors[0], code: exitCodeOf(report) };
}

const UR_HTTP = { id: "1", name: "UR", type: "HTTP", url: "https://ur.example.com/", interval: 300 };
const ur = (over: Record<string, unknown>, ...more: [string, Record<string, unknown>][]) =>
  migrate(() => readTerraformState(tfState(["uptimerobot_monitor", { ...UR_HTTP, ...over }], ...more), "s"));

const BS_HTTP = {
  id: "1",
  url: "https://bs.example.com/",
  monitor_type: "status",
  pronounceable_name: "BS",
  check_frequency: 180,
};
const bs = (over: Record<string, unknown>) =>
  migrate(() => readTerraformState(tfState(["betteruptime_monitor", { ...BS_HTTP, ...over }]), "s"));

const KUMA_HTTP = { id: 1, name: "K", type: "http", url: "https://k.example.com/", interval: 60, active: 1 };
const kuma = (over: Record<string, unknown>) =>
  migrate(() => readKumaBackup(JSON.stringify({ monitorList: [{ ...KUMA_HTTP, ...over }] }), "b.json"));

const KUMA_TF = { id: 1, name: "K", url: "https://k.example.com/", interval: 60, active: true };
const kumaTf = (over: Record<string, unknown>) =>
  migrate(() => readTerraformState(tfState(["uptimekuma_monitor_http", { ...KUMA_TF, ...over }]), "s"));

/** Expects the migration approximated, exiting 1, with a change that starts with `named`. */
function expectNamed(r: ReturnType<typeof migrate>, named: string) {
  expect(r.entry.outcome).toBe("approximated");
  expect(r.entry.changes.filter((c) => c.startsWith(named))).toHaveLength(1);
  expect(r.code).toBe(1);
}

describe("settings silently dropped before are approximated, naming the setting and its value", () => {
  it.each([
    [{ check_ssl_errors: false }, "`check_ssl_errors` = false: certificate errors are ignored there"],
    [{ ignore_ssl_errors: true }, "`ignore_ssl_errors` = true: certificate errors are ignored there"],
    [{ follow_redirections: false }, "`follow_redirections` = false: redirects are not followed there"],
    [{ response_time_threshold: 2000 }, "`response_time_threshold` = 2000: alerts when an answer takes longer"],
    [{ success_http_response_codes: ["2xx"] }, '`success_http_response_codes` = ["2xx"]: the service counts'],
  ])("UptimeRobot %j", (over, named) => expectNamed(ur(over), named));

  it.each([
    [
      "threshold",
      { threshold: 5, recurrence: 0 },
      '`assigned_alert_contacts.threshold` = 5: slack contact "Ops" is alerted only after',
    ],
    [
      "recurrence",
      { threshold: 0, recurrence: 30 },
      '`assigned_alert_contacts.recurrence` = 30: slack contact "Ops" is alerted again',
    ],
  ])("UptimeRobot's alert contact %s", (_, contact, named) =>
    expectNamed(
      ur({ assigned_alert_contacts: [{ alert_contact_id: "9", ...contact }] }, [
        "uptimerobot_alert_contact",
        { id: "9", name: "Ops", type: "SLACK", value: "https://hooks.slack.com/x" },
      ]),
      named,
    ),
  );

  it("UptimeRobot's community provider's alert_contact threshold", () =>
    expectNamed(
      migrate(() =>
        readTerraformState(
          tfState(
            [
              "uptimerobot_monitor",
              {
                id: "1",
                friendly_name: "L",
                type: "http",
                url: "https://l.example/",
                alert_contact: [{ id: "9", threshold: 10, recurrence: 0 }],
              },
            ],
            ["uptimerobot_alert_contact", { id: "9", friendly_name: "Mail", type: "email", value: "a@example.com" }],
          ),
          "s",
        ),
      ),
      "`alert_contact.threshold` = 10",
    ));

  it.each([
    [{ verify_ssl: false }, "`verify_ssl` = false: certificate errors are ignored there"],
    [{ follow_redirects: false }, "`follow_redirects` = false: redirects are not followed there"],
    [{ recovery_period: 180 }, "`recovery_period` = 180: the service ends an incident on the first check that is up"],
    [{ team_wait: 300 }, "`team_wait` = 300: the alert escalates to the whole team"],
  ])("Better Stack %j", (over, named) => expectNamed(bs(over), named));

  it.each([
    [{ maxredirects: 0 }, "`maxredirects` = 0: redirects are not followed there"],
    [{ maxredirects: 3 }, "`maxredirects` = 3: the service follows redirects to its own limit"],
    [{ timeout: 10 }, "`timeout` = 10: the service has no timeout setting"],
    [{ maxretries: 2, retryInterval: 20 }, "`retryInterval` = 20: the retries' pace there"],
    [{ resendInterval: 5 }, "`resendInterval` = 5: alerts again every that many checks while down"],
  ])("Uptime Kuma's backup %j", (over, named) => expectNamed(kuma(over), named));

  it.each([
    [{ max_redirects: 0 }, "`max_redirects` = 0"],
    [{ timeout: 5 }, "`timeout` = 5"],
    [{ max_retries: 1, retry_interval: 30 }, "`retry_interval` = 30"],
    [{ resend_interval: 2 }, "`resend_interval` = 2"],
  ])("the Uptime Kuma provider %j, named as the provider names it", (over, named) => expectNamed(kumaTf(over), named));
});

describe("what is equal is mapped", () => {
  it("maps UptimeRobot's case-sensitive keyword and approximates the case-insensitive one", () => {
    const keyword = { type: "KEYWORD", keyword_type: "ALERT_NOT_EXISTS", keyword_value: "OK" };
    expect(ur({ ...keyword, keyword_case_type: "CaseSensitive" })).toMatchObject({
      entry: { outcome: "mapped" },
      code: 0,
    });
    expectNamed(ur({ ...keyword, keyword_case_type: "CaseInsensitive" }), '`keyword_case_type` = "CaseInsensitive"');
  });

  it("maps UptimeRobot's default success codes with redirects followed", () => {
    expect(ur({ success_http_response_codes: ["3xx", "2xx"], follow_redirections: true })).toMatchObject({
      entry: { outcome: "mapped", changes: [] },
      code: 0,
    });
  });

  it("maps a plain monitor of each provider as its state holds it, every default filled in, and exits 0", () => {
    expect(
      ur({
        timeout: 30,
        success_http_response_codes: ["2xx", "3xx"],
        follow_redirections: true,
        check_ssl_errors: true,
        response_time_threshold: null,
        http_method_type: "GET",
        is_paused: false,
        assigned_alert_contacts: [],
        tags: ["web"],
        group_id: 0,
        status: "UP",
      }),
    ).toMatchObject({ entry: { outcome: "mapped" }, code: 0 });
    expect(
      bs({
        verify_ssl: true,
        follow_redirects: true,
        recovery_period: 0,
        confirmation_period: 0,
        team_wait: null,
        paused: false,
        regions: [],
      }),
    ).toMatchObject({
      entry: { outcome: "mapped" },
      code: 0,
    });
    expect(
      kuma({
        maxredirects: 10,
        timeout: 48,
        maxretries: 0,
        retryInterval: 60,
        resendInterval: 0,
        accepted_statuscodes: ["200-299"],
        ignoreTls: false,
        upsideDown: false,
        weight: 2000,
        tags: [],
      }),
    ).toMatchObject({ entry: { outcome: "mapped" }, code: 0 });
    expect(
      kumaTf({
        max_redirects: 10,
        timeout: 48,
        max_retries: 0,
        retry_interval: 60,
        resend_interval: 0,
        accepted_status_codes: ["200-299"],
        method: "GET",
        http_body_encoding: "json",
      }),
    ).toMatchObject({ entry: { outcome: "mapped" }, code: 0 });
  });
});
