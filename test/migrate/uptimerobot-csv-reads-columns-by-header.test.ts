import { describe, expect, it } from "vitest";
import { readUptimeRobotCsv } from "../../src/migrate/uptimerobot-csv";
import { fixture } from "./helpers";

describe("UptimeRobot's CSV export", () => {
  const r = readUptimeRobotCsv(fixture("uptimerobot-export.csv"), "export.csv");

  it("reads every row, each named by its line, with its kind", () => {
    expect(r.monitors.map((m) => [m.ref, m.name, m.kind, m.http])).toEqual([
      ["line 2", "CSV home", "http", true],
      ["line 3", "CSV shop, checkout", "keyword", true],
      ["line 4", "CSV api ready", "keyword", true],
      ["line 5", "CSV admin", "http", true],
      ["line 6", "CSV gateway", "ping", false],
      ["line 7", "CSV ssh", "port", false],
      ["line 8", "CSV cron", "heartbeat", false],
    ]);
  });

  it("reads keyword types, intervals, methods, the username and the paused status", () => {
    expect(r.monitors[1]).toMatchObject({
      keyword: { text: "Out of stock", alertWhen: "present" },
      intervalSeconds: 60,
    });
    expect(r.monitors[2]).toMatchObject({
      keyword: { text: "ready", alertWhen: "absent" },
      intervalSeconds: 240,
      method: "HEAD",
      paused: true,
    });
    expect(r.monitors[3].auth).toEqual({ scheme: "basic", username: "admin" });
    expect(r.monitors[0].paused).toBe(false);
  });

  it("matches columns in any order and case, with quoted fields, CRLF, and the API's type numbers", () => {
    const text =
      'type,"URL","friendly name"\r\n2,https://x.example/,"Quoted ""name"", with comma"\r\n1,https://y.example/,Plain\r\n';
    const read = readUptimeRobotCsv(text, "f.csv");
    expect(read.monitors.map((m) => [m.name, m.kind, m.url, m.intervalSeconds])).toEqual([
      ['Quoted "name", with comma', "keyword", "https://x.example/", 300],
      ["Plain", "http", "https://y.example/", 300],
    ]);
  });
});
