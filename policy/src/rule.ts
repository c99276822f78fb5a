/** The shape of a rule: a pure check of one monitor's view (or a provider's), with its parameters. */
import type { MonitorView } from "./monitor-view";
import type { ProviderView } from "./provider-view";

export type Enforcement = "advisory" | "mandatory" | "disabled";

/** One broken expectation: the input field it concerns and what is wrong with it. */
export interface Violation {
  field: string;
  problem: string;
}

/** A JSON Schema for one parameter, as `--policy-pack-config` validates it. */
export type ParameterSchema = Record<string, unknown> & { default: unknown };

export interface Rule<P extends Record<string, unknown> = Record<string, unknown>> {
  /** The policy's name: what `--policy-pack-config` keys and what messages start with. */
  name: string;
  description: string;
  enforcement: Enforcement;
  parameters: { [K in keyof P]: ParameterSchema };
  check(monitor: MonitorView, params: P): Violation[];
  /** For a rule that also judges the uptime provider resources' settings (their `defaults`). */
  checkProvider?(provider: ProviderView, params: P): Violation[];
}

/** The message of a violation: the rule, the resource (and its component) and the field, then what is wrong. */
export function violationMessage(rule: string, monitor: MonitorView, v: Violation): string {
  const of = monitor.component === undefined ? "" : ` of ServiceMonitors "${monitor.component}"`;
  return `${rule}: monitor "${monitor.resource}" (${monitor.type})${of}, field "${v.field}": ${v.problem}`;
}

/** The message of a violation by a provider resource's settings. */
export function providerViolationMessage(rule: string, provider: ProviderView, v: Violation): string {
  return `${rule}: provider "${provider.resource}" (${provider.type}), field "${v.field}": ${v.problem}`;
}

/** Whether a URL is HTTPS (the scheme is case-insensitive). */
export function isHttps(url: string | undefined): boolean {
  return typeof url === "string" && /^https:\/\//i.test(url);
}
