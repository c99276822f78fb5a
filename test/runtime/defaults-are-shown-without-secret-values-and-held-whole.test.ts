/**
 * A provider shows its `defaults` without header values and alert targets (for the engine to
 * mark as the program did) and uses the whole setting it holds beside them
 * (runtime/held-defaults.ts). What is shown keeps every name and key, drops only values.
 */
import { describe, expect, it } from "vitest";
import { HELD_DEFAULTS_KEY, shownDefaults, withHeldDefaults } from "../../src/runtime/held-defaults";
import { UNKNOWN } from "../../src/runtime/unknowns";

const defaults = {
  interval: 300,
  namePrefix: "team-",
  requestHeaders: [{ key: "Authorization", value: "Bearer shown-9e1d" }, null],
  alerts: [{ key: "email", value: "oncall-9e1d@example.com" }],
};
const shown = {
  interval: 300,
  namePrefix: "team-",
  requestHeaders: [{ key: "Authorization" }, { key: null }],
  alerts: [{ key: "email" }],
};

describe("the defaults a provider shows", () => {
  it("keeps every setting and each header's and alert's key, and no value of either", () => {
    expect(shownDefaults(defaults)).toEqual(shown);
    expect(JSON.stringify(shownDefaults(defaults))).not.toContain("9e1d");
  });

  it("reads stack config's JSON text as the object it holds", () => {
    expect(shownDefaults(JSON.stringify(defaults))).toEqual(shown);
  });

  it("keeps the wire's own spelling of a name while knowing it for a secret part", () => {
    expect(shownDefaults({ request_headers: [{ key: "Cookie", value: "c-9e1d" }], ssl_alert_days: 7 })).toEqual({
      request_headers: [{ key: "Cookie" }],
      ssl_alert_days: 7,
    });
  });

  it("leaves out a secret part that is not a list rather than show it", () => {
    expect(shownDefaults({ requestHeaders: "Bearer 9e1d", interval: 60 })).toEqual({ interval: 60 });
  });

  it("shows nothing for what is not an object or JSON text of one", () => {
    for (const raw of [undefined, null, 7, "not json", "[1,2]", '"text"', [defaults], UNKNOWN])
      expect(shownDefaults(raw)).toBeUndefined();
  });
});

describe("the defaults a provider uses", () => {
  it("are the held setting when there is one, in place of the shown form", () => {
    const recorded = { baseUrl: "https://u.example.com", defaults: shown, [HELD_DEFAULTS_KEY]: defaults };
    expect(withHeldDefaults(recorded)).toEqual({ baseUrl: "https://u.example.com", defaults });
  });

  it("are the recorded ones when nothing is held", () => {
    const recorded = { baseUrl: "https://u.example.com", defaults: { interval: 60 } };
    expect(withHeldDefaults(recorded)).toEqual(recorded);
    expect(withHeldDefaults({ baseUrl: "x" })).toEqual({ baseUrl: "x" });
  });
});
