/** The rules as CrossGuard policies: each reads its parameters and checks both doors' monitors (and, where it asks, the uptime providers). */
import type { ResourceValidationPolicy } from "@pulumi/policy";
import { isMonitorType, monitorView, type MonitorView } from "./monitor-view";
import { isProviderType, providerView } from "./provider-view";
import { providerViolationMessage, violationMessage, type Rule } from "./rule";
import { inputsOf, secretAt } from "./secret-paths";

// Every rule reads the same view of a resource: built once per set of inputs (secret-paths.ts
// hands all the policies of one call the same inputs), not once per rule.
const views = new WeakMap<object, MonitorView>();

function viewOf(type: string, name: string, props: Record<string, unknown>, parent?: string): MonitorView {
  const inputs = inputsOf(props);
  let view = views.get(inputs);
  if (!view) views.set(inputs, (view = monitorView(type, name, props, (at) => secretAt(props, at), parent)));
  return view;
}

/** A rule as a policy: its enforcement and parameters come from `--policy-pack-config`. */
export function asPolicy(rule: Rule): ResourceValidationPolicy {
  // The parameters are plain JSON Schemas; the SDK's type names a narrower union.
  const configSchema = { properties: rule.parameters } as ResourceValidationPolicy["configSchema"];
  const defaultParams = defaults(rule);
  return {
    name: rule.name,
    description: rule.description,
    enforcementLevel: rule.enforcement,
    configSchema,
    validateResource: (args, reportViolation) => {
      const props = args.props as Record<string, unknown>;
      const params = () => ({ ...defaultParams, ...(args.getConfig<Record<string, unknown>>() ?? {}) });
      if (isProviderType(args.type) && rule.checkProvider) {
        const provider = providerView(args.type, args.name, props, (at) => secretAt(props, at));
        for (const v of rule.checkProvider(provider, params()))
          reportViolation(providerViolationMessage(rule.name, provider, v));
      }
      if (!isMonitorType(args.type)) return;
      const monitor = viewOf(args.type, args.name, props, args.opts?.parent);
      for (const v of rule.check(monitor, params())) reportViolation(violationMessage(rule.name, monitor, v));
    },
  };
}

function defaults(rule: Rule): Record<string, unknown> {
  return Object.fromEntries(Object.entries(rule.parameters).map(([k, s]) => [k, s.default]));
}
