/** Monitor names follow the team's convention (typically a prefix). */
import type { Rule } from "../rule";

export const namePattern: Rule<{ pattern: string }> = {
  name: "uptime-name-pattern",
  description: "A monitor's name matches the regular expression `pattern` (e.g. the team's prefix).",
  // No pattern fits every team: a team turns it on with its own.
  enforcement: "disabled",
  parameters: {
    pattern: { type: "string", default: "^.+$" },
  },
  check(monitor, { pattern }) {
    // Without a name the provider names the monitor from the resource's logical name.
    const name = monitor.name ?? monitor.resource;
    if (new RegExp(pattern).test(name)) return [];
    return [{ field: "name", problem: `"${name}" does not match ${pattern}` }];
  },
};
