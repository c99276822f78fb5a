/** Monitors check at least as often as the team requires. */
import { INTERVALS } from "pulumi-uptime/values";
import type { Rule } from "../rule";

export const intervalCeiling: Rule<{ maxInterval: number }> = {
  name: "uptime-interval-ceiling",
  description: "A monitor's interval is at most `maxInterval` seconds.",
  enforcement: "advisory",
  parameters: {
    maxInterval: { type: "integer", enum: [...INTERVALS], default: 300 },
  },
  check(monitor, { maxInterval }) {
    if (monitor.interval === undefined || monitor.interval <= maxInterval) return [];
    return [{ field: "interval", problem: `is ${monitor.interval} s; at most ${maxInterval} s is allowed` }];
  },
};
