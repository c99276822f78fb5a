/**
 * The provider's `defaults` at a monitor's check: they fill only what the monitor omits,
 * a declared value (a list too) wins whole, the team's values beat the service's defaults,
 * and `namePrefix` starts the names the provider generates.
 */
import { describe, expect, it } from "vitest";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { RESOURCE_NAME_KEY } from "../../src/runtime/keys";
import { UNKNOWN } from "../../src/runtime/unknowns";
import type { MonitorDefaults } from "../../src/runtime/monitor/team-defaults";

const team: MonitorDefaults = {
  interval: 300,
  alertCondition: "url_unavailable",
  requestMethod: "HEAD",
  requestHeaders: [{ key: "X-Team", value: "sre" }],
  alerts: [{ key: "email", value: "oncall@example.com" }],
  sslAlertDays: 14,
  domainAlertDays: 30,
  cacheBuster: 1,
  namePrefix: "sre-",
};

const monitor = { name: "api", url: "https://api.example.com/health" };

function check(news: Record<string, unknown>, defaults: MonitorDefaults = team) {
  return checkMonitor(news, "UTC", undefined, { defaults });
}

describe("monitor defaults at check", () => {
  it("fill every field the monitor omits, so the checked inputs are its effective values", () => {
    const { inputs, failures } = check(monitor);
    expect(failures).toBeUndefined();
    // Every monitor field of the defaults, as given; the prefix only shapes generated names.
    const { namePrefix: _prefix, ...fields } = team;
    expect(Object.keys(fields)).toHaveLength(8);
    expect(inputs).toMatchObject(fields);
    expect(inputs).not.toHaveProperty("namePrefix");
  });

  it("a declared value wins whole: a declared list replaces the default list, an empty one included", () => {
    const own = check({
      ...monitor,
      interval: 60,
      alerts: [{ key: "slack", value: "https://hooks.example.com/x" }],
      requestHeaders: [],
    }).inputs;
    expect(own.interval).toBe(60);
    expect(own.alerts).toEqual([{ key: "slack", value: "https://hooks.example.com/x" }]);
    expect(own.requestHeaders).toEqual([]);
  });

  it("an omitted field without a team default still takes the service's default", () => {
    const { inputs } = check({ ...monitor, interval: 60 }, { alerts: team.alerts });
    expect(inputs).toMatchObject({ requestMethod: "GET", sslAlertDays: 0, cacheBuster: 0 });
  });

  it("a value unknown at preview stays unknown rather than taking the default", () => {
    expect(check({ ...monitor, interval: UNKNOWN }).inputs.interval).toBe(UNKNOWN);
  });

  it("no monitor shares a default list with another", () => {
    const a = check(monitor).inputs.alerts as object[];
    const b = check(monitor).inputs.alerts as object[];
    expect(a).toEqual(b);
    expect(a).not.toBe(b);
    expect(a[0]).not.toBe(b[0]);
    expect(a).not.toBe(team.alerts);
  });

  it("without a default interval a monitor must still declare one", () => {
    expect(check(monitor, {}).failures).toEqual([{ property: "interval", reason: "interval: is required" }]);
  });

  it("namePrefix starts a generated name; a declared name and one kept from before are used as they are", () => {
    const unnamed = { url: monitor.url, [RESOURCE_NAME_KEY]: "api" };
    expect(check(unnamed).inputs.name).toMatch(/^sre-api-[a-z0-9]{7}$/);
    expect(
      checkMonitor(unnamed, "UTC", undefined, {
        defaults: team,
        autonaming: { mode: "propose", proposedName: "dev-api" },
      }).inputs.name,
    ).toBe("sre-dev-api");
    expect(check({ ...unnamed, name: "Declared" }).inputs.name).toBe("Declared");
    expect(checkMonitor(unnamed, "UTC", undefined, { defaults: team, olds: { name: "api-kept123" } }).inputs.name).toBe(
      "api-kept123",
    );
  });

  it("a long resource name is shortened, never the prefix, to keep a generated name within 128 characters", () => {
    const name = check({ url: monitor.url, [RESOURCE_NAME_KEY]: "r".repeat(200) }).inputs.name as string;
    expect(name.length).toBe(128);
    expect(name.startsWith("sre-rrr")).toBe(true);
  });
});

describe("monitor defaults beside a name that cannot be chosen", () => {
  it("still fill the other fields, so only the name is reported", () => {
    const r = checkMonitor({ url: monitor.url, adopt: true }, "UTC", undefined, { defaults: { interval: 300 } });
    expect(r.failures?.map((f) => f.property)).toEqual(["name"]);
    expect(r.inputs).toMatchObject({ interval: 300, url: monitor.url });
  });
});
