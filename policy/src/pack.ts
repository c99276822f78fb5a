/** The rules as CrossGuard policies: each reads its parameters and checks both doors' monitors. */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { isMonitorType, monitorView } from "./monitor-view";
import { violationMessage, type Rule } from "./rule";
import { secretAt } from "./secret-paths";

/** A rule as a policy: its enforcement and parameters come from `--policy-pack-config`. */
export function asPolicy(rule: Rule): ResourceValidationPolicy {
  // The parameters are plain JSON Schemas; the SDK's type names a narrower union.
  const configSchema = { properties: rule.parameters } as ResourceValidationPolicy["configSchema"];
  return {
    name: rule.name,
    description: rule.description,
    enforcementLevel: rule.enforcement,
    configSchema,
    validateResource: (args, reportViolation) => {
      if (!isMonitorType(args.type)) return;
      const props = args.props as Record<string, unknown>;
      const monitor = monitorView(args.type, args.name, props, (at) => secretAt(props, at));
      const params = { ...defaults(rule), ...(args.getConfig<Record<string, unknown>>() ?? {}) };
      for (const v of rule.check(monitor, params)) reportViolation(violationMessage(rule.name, monitor, v));
    },
  };
}

function defaults(rule: Rule): Record<string, unknown> {
  return Object.fromEntries(Object.entries(rule.parameters).map(([k, s]) => [k, s.default]));
}
