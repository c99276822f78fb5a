/**
 * The dynamic door's check returns a monitor's secret fields (alerts, headers, the password)
 * as the engine's secret envelopes, whether the program declared them or the provider's
 * defaults filled them in: the dynamic host takes no secrets, and the engine would otherwise
 * record a filled-in alert list in plaintext. Other fields stay plain.
 */
import { describe, expect, it } from "vitest";
import { withSecretInputs } from "../../src/dynamic/secret-inputs";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { MONITOR_SECRET_FIELDS } from "../../src/runtime/monitor/monitor-props";
import { SECRET_SIG, SIG_KEY } from "../../src/runtime/secret-envelope";

const alerts = [{ key: "email" as const, value: "oncall@example.com" }];

describe("the dynamic door's checked inputs", () => {
  it("wrap the secret fields filled from the defaults, and leave the others plain", () => {
    const checked = checkMonitor({ name: "api", url: "https://api.example.com/health" }, "UTC", undefined, {
      defaults: { interval: 300, alerts },
    });
    const { inputs } = withSecretInputs(checked, MONITOR_SECRET_FIELDS);
    expect(inputs.alerts).toEqual({ [SIG_KEY]: SECRET_SIG, value: alerts });
    expect(inputs.requestHeaders).toEqual({ [SIG_KEY]: SECRET_SIG, value: [] });
    expect(inputs.interval).toBe(300);
    expect(inputs).not.toHaveProperty("requestAuthPassword");
  });

  it("keep the failures of the check", () => {
    const checked = checkMonitor({ name: "api", url: "https://api.example.com/health" }, "UTC");
    expect(withSecretInputs(checked, MONITOR_SECRET_FIELDS).failures).toEqual(checked.failures);
    expect(checked.failures).toEqual([{ property: "interval", reason: "interval: is required" }]);
  });
});
