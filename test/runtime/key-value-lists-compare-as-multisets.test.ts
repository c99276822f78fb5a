/**
 * `requestHeaders` and `alerts` compare as multisets of entries: order never matters, a
 * renamed, added, removed or repeated entry does. Header names ignore case (HTTP does; folded
 * to lower case, so names equal only in upper case, "Straße" and "STRASSE", differ); alert
 * channels and destinations do not. A list emptied entirely is a change, and an
 * entry the service returns malformed (null, no name) is compared, never a crash.
 */
import { describe, expect, it } from "vitest";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { changedMonitorFields } from "../../src/runtime/monitor/diff-monitor";
import { samePairs } from "../../src/runtime/comparison";
import { probeAlerts, probeHeaders } from "../support/monitor-bodies";

const headers = probeHeaders();
const alerts = probeAlerts();
const monitor = (patch: Record<string, unknown> = {}) =>
  checkMonitor({ name: "m", url: "https://m.example.com", interval: 60, requestHeaders: headers, alerts, ...patch })
    .inputs!;
const changed = (state: Record<string, unknown>, declared: Record<string, unknown>) =>
  changedMonitorFields(monitor(state), monitor(declared));

describe("request headers", () => {
  it("are changed by a renamed header with the same value", () => {
    expect(changed({}, { requestHeaders: [{ key: "X-Check", value: "uptime" }, headers[1]] })).toEqual([
      "requestHeaders",
    ]);
  });

  it("are changed when every header is removed", () => {
    expect(changed({}, { requestHeaders: undefined })).toEqual(["requestHeaders"]);
    expect(changed({ requestHeaders: undefined }, {})).toEqual(["requestHeaders"]);
  });

  it("are unchanged by reordering or by the case of a name", () => {
    expect(
      changed(
        {},
        {
          requestHeaders: [
            { key: "accept", value: "text/plain" },
            { key: "x-PROBE", value: "uptime" },
          ],
        },
      ),
    ).toEqual([]);
  });

  it("are changed by a name that equals another only in upper case (ß upper-cases to SS)", () => {
    // Case is folded to lower case: "straße-token" and "strasse-token" stay apart.
    expect(
      changed(
        { requestHeaders: [{ key: "Straße-Token", value: "t" }] },
        {
          requestHeaders: [{ key: "STRASSE-TOKEN", value: "t" }],
        },
      ),
    ).toEqual(["requestHeaders"]);
    expect(samePairs([{ key: "Straße-Token", value: "t" }], [{ key: "STRASSE-TOKEN", value: "t" }], true)).toBe(false);
  });

  it("are changed by a header sent twice", () => {
    expect(changed({}, { requestHeaders: [...headers, headers[0]] })).toEqual(["requestHeaders"]);
  });
});

describe("alerts", () => {
  it("are unchanged by reordering", () => {
    expect(changed({}, { alerts: [alerts[1], alerts[0]] })).toEqual([]);
  });

  it("are changed by a destination moved to another channel", () => {
    expect(changed({}, { alerts: [{ key: "webhook", value: alerts[1].value }, alerts[0]] })).toEqual(["alerts"]);
  });

  it("are changed when every alert is removed", () => {
    expect(changed({}, { alerts: [] })).toEqual(["alerts"]);
    expect(changed({ alerts: [] }, {})).toEqual(["alerts"]);
  });

  it("compare channel names exactly, unlike header names", () => {
    expect(
      samePairs([{ key: "Email", value: "a@example.com" }], [{ key: "email", value: "a@example.com" }], false),
    ).toBe(false);
    expect(samePairs([{ key: "Accept", value: "*/*" }], [{ key: "accept", value: "*/*" }], true)).toBe(true);
  });
});

describe("entries the service returns malformed", () => {
  it("compare without a crash: a null entry equals a null entry, not a real one", () => {
    expect(samePairs([null], [null], true)).toBe(true);
    expect(samePairs([null], [null], false)).toBe(true);
    expect(samePairs([null], [{ key: "", value: "" }], false)).toBe(false);
  });

  it("a header without a name equals one with an empty name, and not one with a name", () => {
    expect(samePairs([{ value: "v" }], [{ key: "", value: "v" }], true)).toBe(true);
    expect(samePairs([{ value: "v" }], [{ key: "X", value: "v" }], true)).toBe(false);
  });

  it("a value that is not a list holds no entries", () => {
    expect(samePairs("not a list", [], true)).toBe(true);
    expect(samePairs("not a list", [{ key: "X", value: "v" }], true)).toBe(false);
  });
});

describe("a monitor's alerts in the state", () => {
  it("differ from the declared ones by a channel name's case", () => {
    const state = { ...monitor(), alerts: [{ key: "EMAIL", value: "ops@example.com" }, alerts[1]] };
    expect(changedMonitorFields(state, monitor())).toEqual(["alerts"]);
  });
});
