import { describe, expect, it } from "vitest";
import { readTerraformState } from "../../src/migrate/terraform-state";
import { fixture } from "./helpers";

const read = (name: string) => readTerraformState(fixture(name), name);
const byName = (r: ReturnType<typeof read>, name: string) => {
  const m = r.monitors.find((x) => x.name === name);
  if (!m) throw new Error(`no monitor ${name}`);
  return m;
};

describe("a Terraform state of the UptimeRobot provider (uptimerobot/uptimerobot 1.x, format 4)", () => {
  const r = read("uptimerobot-official.tfstate");

  it("reads every monitor of every type, and skips data sources", () => {
    expect(r.monitors.map((m) => [m.name, m.kind, m.http])).toEqual([
      ["UR Website", "http", true],
      ["UR API", "http", true],
      ["UR error banner", "keyword", true],
      ["UR healthy text", "keyword", true],
      ["UR gateway ping", "ping", false],
      ["UR database port", "port", false],
      ["UR nightly job", "heartbeat", false],
      ["UR example.org DNS", "dns", false],
    ]);
  });

  it("reads method, headers, basic auth, paused, reminders and the assigned contacts with their values", () => {
    const api = byName(r, "UR API");
    expect(api).toMatchObject({
      method: "POST",
      headers: [{ key: "x-api-key", value: "ur-header-secret" }],
      auth: { scheme: "basic", username: "probe", password: "ur-basic-secret" },
      paused: true,
      intervalSeconds: 60,
    });
    expect(api.contacts).toEqual([
      { kind: "telegram", name: "On-call Telegram", value: "123456:ur-telegram-token -100200300" },
    ]);
    const site = byName(r, "UR Website");
    expect(site.sslExpiryDays).toEqual({ days: 30, why: "reminders at 7, 30 days" });
    expect(site.domainExpiryDays?.days).toBe(30);
    expect(site.contacts.map((c) => [c.kind, c.name])).toEqual([
      ["slack", "Team Slack"],
      ["email", "Team Email"],
    ]);
  });

  it("reads ALERT_EXISTS as alert-when-present and ALERT_NOT_EXISTS as alert-when-absent", () => {
    expect(byName(r, "UR error banner").keyword).toEqual({ text: "Internal Server Error", alertWhen: "present" });
    expect(byName(r, "UR healthy text").keyword).toEqual({ text: "healthy", alertWhen: "absent" });
  });

  it("lists the maintenance window and the status page as other items", () => {
    expect(r.others.map((o) => [o.kind, o.name])).toEqual([
      ["maintenance window", "Weekly patching"],
      ["status page", "Public status"],
    ]);
  });
});

describe("`terraform show -json` of the community provider louy/uptimerobot", () => {
  const r = read("uptimerobot-louy.show.json");

  it("reads monitors of child modules with their addresses and JSON paths", () => {
    expect(r.monitors.map((m) => m.ref)).toEqual([
      "$.values.root_module.child_modules[0].resources[0].values (module.web.uptimerobot_monitor.site)",
      '$.values.root_module.child_modules[0].resources[1].values (module.web.uptimerobot_monitor.login["eu"])',
    ]);
  });

  it("reads friendly_name, lower-case types, alert_contact blocks, the auth type and the paused status", () => {
    const [site, login] = r.monitors;
    expect(site).toMatchObject({ name: "Louy site", kind: "http", method: "GET", paused: false });
    expect(site.contacts).toEqual([{ kind: "slack", name: "Slack Alert", value: expect.stringContaining("https://") }]);
    expect(login).toMatchObject({
      kind: "keyword",
      keyword: { text: "maintenance", alertWhen: "present" },
      auth: { scheme: "digest", username: "probe" },
      paused: true,
    });
  });
});

describe("a Terraform state of Better Stack's provider", () => {
  const r = read("betteruptime.tfstate");

  it("reads status, keyword and keyword_absence monitors as HTTP, and the others by their type", () => {
    expect(r.monitors.map((m) => [m.name, m.kind, m.http])).toEqual([
      ["BS shop", "status", true],
      ["BS checkout", "keyword", true],
      ["BS no errors", "keyword_absence", true],
      ["BS api", "expected_status_code", true],
      ["BS ping", "ping", false],
      ["BS postgres", "tcp", false],
      ["BS nightly backup", "heartbeat", false],
    ]);
  });

  it("reads `keyword` as alert-when-absent and `keyword_absence` as alert-when-present", () => {
    expect(r.monitors[1].keyword).toEqual({ text: "Pay now", alertWhen: "absent" });
    expect(r.monitors[2].keyword).toEqual({ text: "Exception", alertWhen: "present" });
  });

  it("reads headers, auth, method, paused and expiry days, and says what has no equivalent", () => {
    expect(r.monitors[0]).toMatchObject({
      method: "HEAD",
      headers: [{ key: "X-Probe-Token", value: "bs-header-secret" }],
      auth: { scheme: "basic", username: "shop", password: "bs-basic-secret" },
      sslExpiryDays: { days: 14 },
      domainExpiryDays: { days: 30 },
    });
    expect(r.monitors[1].paused).toBe(true);
    expect(r.monitors[3].dropped).toEqual([
      "`expected_status_codes` = [200,204]: the service counts a check up on a 2xx answer only (redirects followed)",
      "`request_timeout` = 10: the service has no timeout setting: its own applies",
      '`policy_id` = "77": escalation policies have no equivalent',
      "`email` = true: alerts the team on call that way; the state names no address to carry: set `alerts`",
      "`call` = true: alerts the team on call that way; the state names no address to carry: set `alerts`",
    ]);
    expect(r.others.map((o) => o.kind)).toEqual(["escalation policy", "status page"]);
  });
});

describe("a Terraform state of the Uptime Kuma provider (breml/uptimekuma)", () => {
  const r = read("uptimekuma.tfstate");

  it("reads every uptimekuma_monitor_* kind, and the notifications the monitors name by id", () => {
    expect(r.monitors.map((m) => [m.name, m.kind, m.http])).toEqual([
      ["Kuma web", "http", true],
      ["Kuma keyword", "keyword", true],
      ["Kuma no error", "keyword", true],
      ["Kuma must be down", "http", true],
      ["Kuma ping", "ping", false],
      ["Kuma dns", "dns", false],
      ["Kuma push", "push", false],
    ]);
    expect(r.monitors[0].contacts).toEqual([
      { kind: "slack", name: "Kuma Slack", value: "https://hooks.slack.com/services/T000/B000/kumatf-slack-secret" },
      { kind: "telegram", name: "Kuma Telegram", value: "654321:kumatf-telegram-token 4242" },
      { kind: "smtp", name: "Kuma mail", value: "ops-kumatf@example.com" },
      { kind: "ntfy", name: "Kuma ntfy", value: undefined },
    ]);
  });

  it("reads headers from their JSON text, invert_keyword, inactive as paused, and upside-down as a blocker", () => {
    expect(r.monitors[0].headers).toEqual([{ key: "Authorization", value: "Bearer kumatf-header-secret" }]);
    expect(r.monitors[1]).toMatchObject({ keyword: { text: "OK", alertWhen: "absent" }, paused: true });
    expect(r.monitors[2].keyword).toEqual({ text: "error", alertWhen: "present" });
    expect(r.monitors[3].blocker).toMatch(/upside-down/);
    expect(r.others.map((o) => o.kind)).toEqual(["maintenance window", "status page"]);
  });
});
