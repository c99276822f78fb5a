/** Every monitor alerts someone, optionally on a given channel (the team's on-call). */
import { ALERT_CHANNELS } from "pulumi-uptime/values";
import type { Rule } from "../rule";

export const alertsRequired: Rule<{ channel: string }> = {
  name: "uptime-alerts-required",
  description: "Every monitor has at least one alert, and one on `channel` when that parameter is set.",
  enforcement: "advisory",
  parameters: {
    channel: { type: "string", enum: ["", ...ALERT_CHANNELS], default: "" },
  },
  check(monitor, { channel }) {
    if (monitor.alertChannels.length === 0) {
      return [{ field: "alerts", problem: "no alert channel is set; add at least one (e.g. email or slack)" }];
    }
    if (channel && !monitor.alertChannels.includes(channel)) {
      return [
        {
          field: "alerts",
          problem: `no "${channel}" alert; the team requires one (has: ${monitor.alertChannels.join(", ")})`,
        },
      ];
    }
    return [];
  },
};
