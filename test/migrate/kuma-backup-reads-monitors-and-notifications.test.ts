import { describe, expect, it } from "vitest";
import { readKumaBackup } from "../../src/migrate/kuma-backup";
import { fixture } from "./helpers";

describe("an Uptime Kuma backup file", () => {
  const r = readKumaBackup(fixture("kuma-backup.json"), "backup.json");

  it("reads every monitor of every type, each named by its JSON path", () => {
    expect(r.monitors.map((m) => [m.ref, m.kind, m.http])).toEqual([
      ["$.monitorList[0]", "http", true],
      ["$.monitorList[1]", "keyword", true],
      ["$.monitorList[2]", "keyword", true],
      ["$.monitorList[3]", "http", true],
      ["$.monitorList[4]", "http", true],
      ["$.monitorList[5]", "ping", false],
      ["$.monitorList[6]", "port", false],
      ["$.monitorList[7]", "dns", false],
      ["$.monitorList[8]", "push", false],
      ["$.monitorList[9]", "group", false],
    ]);
  });

  it("takes each notification's value from where its kind keeps it", () => {
    expect(r.monitors[0].contacts).toEqual([
      { kind: "slack", name: "Slack ops", value: "https://hooks.slack.com/services/T000/B000/kuma-slack-secret" },
      { kind: "webhook", name: "Webhook", value: "https://hooks.example.com/kuma-webhook-secret" },
      { kind: "telegram", name: "Telegram", value: "111222:kuma-telegram-token -1001" },
      { kind: "smtp", name: "Mail", value: "ops-kuma@example.com" },
      { kind: "teams", name: "Teams", value: "https://example.webhook.office.com/kuma-teams-secret" },
      { kind: "discord", name: "Discord", value: "https://discord.com/api/webhooks/1/kuma-discord-secret" },
      { kind: "pushover", name: "Pushover", value: undefined },
    ]);
  });

  it("reads method, headers, basic auth, expiry notification, invertKeyword, active and the auth method", () => {
    expect(r.monitors[0]).toMatchObject({
      method: "POST",
      headers: [{ key: "X-Token", value: "kuma-header-secret" }],
      auth: { scheme: "basic", username: "kuma", password: "kuma-basic-secret" },
      sslExpiryDays: { days: 14 },
      paused: false,
    });
    expect(r.monitors[1]).toMatchObject({
      keyword: { text: "UP", alertWhen: "absent" },
      paused: true,
      intervalSeconds: 20,
    });
    expect(r.monitors[2]).toMatchObject({
      keyword: { text: "maintenance", alertWhen: "present" },
      dropped: [
        '`accepted_statuscodes` = ["200-299","301"]: the service counts a check up on a 2xx answer only (redirects followed)',
      ],
    });
    expect(r.monitors[3].auth?.scheme).toBe("ntlm");
    expect(r.monitors[4].blocker).toMatch(/upside-down/);
  });

  it("says so when a monitor's headers are not a JSON object, instead of dropping them silently", () => {
    const backup = JSON.stringify({
      monitorList: [{ name: "H", type: "http", url: "https://h.example/", headers: "X-Token: abc" }],
    });
    const [m] = readKumaBackup(backup, "b.json").monitors;
    expect(m.headers).toEqual([]);
    expect(m.dropped).toEqual(["`headers` is set: not a JSON object: no header carried"]);
  });

  it("lists maintenance and status pages as other items", () => {
    expect(r.others.map((o) => [o.kind, o.name])).toEqual([
      ["maintenance window", "Kuma Sunday window"],
      ["status page", "Kuma public status"],
    ]);
  });
});
