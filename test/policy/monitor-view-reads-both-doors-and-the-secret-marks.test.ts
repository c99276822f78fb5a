import { describe, expect, it } from "vitest";
import { isMonitorType, monitorView, MONITOR_TYPES } from "../../policy/src/monitor-view";
import { secretInWire } from "../../policy/src/secret-paths";

const SIG = "4dabf18193072939515e22adb298388d";
const SECRET = "1b47061264138c4ac30d75fd1eb44270";
const secret = (value: unknown) => ({ [SIG]: SECRET, value });

describe("the policy pack's view of a monitor", () => {
  it("recognises the plugin's and the dynamic resources' monitors, and nothing else", () => {
    expect(isMonitorType("uptime:index:Monitor")).toBe(true);
    expect(isMonitorType("pulumi-nodejs:dynamic/uptime:Monitor")).toBe(true);
    expect(isMonitorType("pulumi-nodejs:dynamic/uptime:Incident")).toBe(false);
    expect(isMonitorType("pulumi-nodejs:dynamic:Resource")).toBe(false);
  });

  it("reads the same inputs from either door, leaving header values and alert targets out", () => {
    const props = {
      name: "team-api",
      url: "https://api.example.com",
      interval: 60,
      sslAlertDays: 7,
      alerts: [{ key: "slack", value: "https://hooks.slack.example/T/B/token" }],
      requestHeaders: [{ key: "Authorization", value: "Bearer tok" }],
    };
    const view = monitorView(MONITOR_TYPES.dynamic, "api", props, () => false);
    expect(view).toEqual({
      resource: "api",
      type: MONITOR_TYPES.dynamic,
      name: "team-api",
      url: "https://api.example.com",
      interval: 60,
      sslAlertDays: 7,
      alertChannels: ["slack"],
      requestHeaders: [{ key: "Authorization", secret: false }],
    });
    expect(JSON.stringify(view)).not.toContain("token");
    expect(JSON.stringify(view)).not.toContain("Bearer");
  });

  it("takes a header as secret when its list, its entry or its value was sent as one", () => {
    const at = ["requestHeaders", 0, "value"];
    expect(secretInWire({ requestHeaders: secret([{ key: "Cookie", value: "a=b" }]) }, at)).toBe(true);
    expect(secretInWire({ requestHeaders: [secret({ key: "Cookie", value: "a=b" })] }, at)).toBe(true);
    expect(secretInWire({ requestHeaders: [{ key: "Cookie", value: secret("a=b") }] }, at)).toBe(true);
    expect(secretInWire({ requestHeaders: [{ key: "Cookie", value: "a=b" }] }, at)).toBe(false);
    expect(secretInWire(undefined, at)).toBe(false);
  });

  it("takes a header the provider recorded as sent in plaintext as plaintext, though its value is held secret", () => {
    const props = {
      requestHeaders: [
        { key: "Authorization", value: "Bearer tok" },
        { key: "Cookie", value: "a=b" },
      ],
      _plaintextHeaders: ["Authorization"],
    };
    const view = monitorView(MONITOR_TYPES.plugin, "api", props, () => true);
    expect(view.requestHeaders).toEqual([
      { key: "Authorization", secret: false },
      { key: "Cookie", secret: true },
    ]);
  });
});
