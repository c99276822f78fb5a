import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadMonitorsFile, parseMonitorsYaml } from "../../src/gitops";
import { HOME_ENTRY } from "../support/monitors-file";

const FILE = `
monitors:
${HOME_ENTRY}  api:
    name: API health
    url: https://api.example.com/health
    interval: 60
    alertCondition: url_no_text
    alertTextLookup: ok
    requestHeaders:
      - key: Accept
        value: application/json
    sslAlertDays: 14
    maintenanceStartAt: "2030-01-05T02:00:00"
    maintenanceEndAt: "2030-01-05T04:00:00"
    alerts:
      - key: email
        value: ops@example.com
    adopt: true
`;

describe("a valid monitors file", () => {
  it("gives one entry per monitor, in file order, keyed by resource name", () => {
    const entries = parseMonitorsYaml(FILE, "monitors.yaml");
    expect(entries.map((e) => [e.resourceName, e.index])).toEqual([
      ["home", 1],
      ["api", 2],
    ]);
    expect(entries[0].args).toEqual({ name: "Home page", url: "https://example.com", interval: 300 });
    expect(entries[1].args).toMatchObject({
      alertCondition: "url_no_text",
      requestHeaders: [{ key: "Accept", value: "application/json" }],
      alerts: [{ key: "email", value: "ops@example.com" }],
      adopt: true,
    });
    expect(entries[1].line).toBe(7);
    expect(entries[1].configKeys).toEqual([]);
  });

  it("ignores top-level x- keys, where anchors for shared settings can live", () => {
    const entries = parseMonitorsYaml(
      `
x-defaults: &defaults
  interval: 60
  alerts: [{ key: email, value: ops@example.com }]
monitors:
  a: { <<: *defaults, name: A, url: "https://a.example.com" }
  b: { <<: *defaults, name: B, url: "https://b.example.com", interval: 300 }
`,
      "m.yaml",
    );
    expect(entries.map((e) => e.args)).toEqual([
      { interval: 60, alerts: [{ key: "email", value: "ops@example.com" }], name: "A", url: "https://a.example.com" },
      { interval: 300, alerts: [{ key: "email", value: "ops@example.com" }], name: "B", url: "https://b.example.com" },
    ]);
  });

  it("treats `monitors:` with nothing under it as no monitors", () => {
    expect(parseMonitorsYaml("monitors:\n", "m.yaml")).toEqual([]);
    expect(parseMonitorsYaml("monitors: {}\n", "m.yaml")).toEqual([]);
  });

  it("reads a file from disk", () => {
    const dir = mkdtempSync(join(tmpdir(), "gitops-"));
    const path = join(dir, "monitors.yaml");
    writeFileSync(path, FILE);
    expect(loadMonitorsFile(path)).toHaveLength(2);
  });
});
