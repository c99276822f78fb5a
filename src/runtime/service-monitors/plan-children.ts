/**
 * What a `ServiceMonitors` declares, as the monitors it stands for: one per check, with
 * its resource name, its monitor name by the convention `<namePrefix><environment>/<service>/<key>`
 * and its arguments (a check's own value, else the group's; what neither gives is left to
 * the provider's `defaults`, then the service). Pure and engine neutral: the plugin's
 * Construct and the Node.js class both plan with it, so both doors make the same monitors.
 *
 * Values may be unknown (preview): the plan validates what is known and carries the
 * unknowns into the arguments they feed.
 */
import { serviceMonitorsInputsSchema, SERVICE_CHECK_KEYS } from "../../schemas/service-monitors";
import { LIMITS } from "../../schemas/values";
import { nameKey } from "../../util/monitor-names";
import { isUnknown, UNKNOWN } from "../unknowns";
import { ServiceMonitorsInputError, type InputProblem } from "./input-error";

/** What the plan needs beyond the inputs. */
export interface PlanContext {
  /** The component's resource name: the children's names start with it; messages name it. */
  component: string;
  /** The stack's name: the environment when the inputs give none. */
  stack: string;
  /** The provider's `defaults.namePrefix`. */
  namePrefix?: string;
  /** Whether the provider's `defaults` give an interval: without one, each check needs its own or the group's. */
  defaultInterval?: boolean;
}

/** One monitor of the component. */
export interface PlannedMonitor {
  /** The check's key. */
  key: string;
  /** The child resource's name: `<component>-<key>`. */
  resourceName: string;
  /** The child's resource name before a `formerly` rename, as an alias. */
  formerResourceName?: string;
  /** The Monitor's arguments, in program names; unknown values stay unknown. */
  args: Record<string, unknown>;
  /** Per argument, the input paths its value comes from (`baseUrl`, `checks.api.path`): a secret there makes it secret. */
  sources: Record<string, string[]>;
}

/** The component's monitors and its selector. */
export interface ServiceMonitorsPlan {
  monitors: PlannedMonitor[];
  /** The exact prefix of every name: `<namePrefix><environment>/<service>/`. */
  selector: string;
}

type Bag = Record<string, unknown>;

/** Group inputs whose values are secrets. */
const SECRET_TOPS = new Set(["alerts", "requestHeaders"]);

const isObject = (v: unknown): v is Bag => typeof v === "object" && v !== null && !Array.isArray(v);

/** `a.b.c` of input paths, keys as written (check keys are the program's own). */
function pathText(path: readonly PropertyKey[]): string {
  return path
    .map((p) => (typeof p === "number" ? `[${p}]` : String(p)))
    .reduce((a, p) => (p.startsWith("[") || !a ? a + p : `${a}.${p}`), "");
}

/** Whether the value at `path` of `bag`, or one on the way to it, is unknown: its rules are checked once it is known. */
function unknownOnTheWay(bag: unknown, path: readonly PropertyKey[]): boolean {
  let cur = bag;
  for (const part of path) {
    if (isUnknown(cur)) return true;
    if (cur === null || typeof cur !== "object") return false;
    cur = (cur as Record<PropertyKey, unknown>)[part];
  }
  return isUnknown(cur) || (Array.isArray(cur) && cur.some(isUnknown));
}

/** The problems of the inputs' shape and values, each naming its field. */
function shapeProblems(inputs: Bag): InputProblem[] {
  const parsed = serviceMonitorsInputsSchema.safeParse(inputs);
  if (parsed.success) return [];
  const problems: InputProblem[] = [];
  for (const issue of parsed.error.issues) {
    const path = issue.path as PropertyKey[];
    if (unknownOnTheWay(inputs, path)) continue;
    if (issue.code === "unrecognized_keys") {
      const inCheck = path.length === 2 && path[0] === "checks";
      const allowed = inCheck ? SERVICE_CHECK_KEYS : Object.keys(serviceMonitorsInputsSchema.shape);
      for (const key of issue.keys)
        problems.push({
          field: pathText([...path, key]),
          message: `is not ${inCheck ? "a field of a check" : "an input of ServiceMonitors"}; allowed: ${allowed.join(", ")}`,
        });
      continue;
    }
    // An allowed-values message repeats the value: in a secret field (an alert's key and value swapped) it may be a webhook URL.
    const secret = SECRET_TOPS.has(String(path[0])) || path.includes("requestHeaders") || path.includes("basicAuth");
    const message =
      secret && issue.code === "invalid_value"
        ? `is not one of ${(issue as { values: unknown[] }).values.join(", ")}`
        : issue.message;
    problems.push({ field: pathText(path), message });
  }
  return problems;
}

/**
 * `base` and `path` joined with one slash between them; unknown when either is.
 */
function joinUrl(base: unknown, path: unknown): unknown {
  if (isUnknown(base) || isUnknown(path) || typeof base !== "string" || typeof path !== "string") return UNKNOWN;
  return base.replace(/\/+$/, "") + path;
}

/** `a`, unless it is absent; then `b`. Each with the input path it came from. */
function ownOrGroup(check: Bag, own: string, group: Bag, groupField: string, key: string): [unknown, string[]] {
  if (check[own] !== undefined && check[own] !== null) return [check[own], [`checks.${key}.${own}`]];
  if (group[groupField] !== undefined && group[groupField] !== null) return [group[groupField], [groupField]];
  return [undefined, []];
}

/** A check's monitor arguments and where each came from. */
function monitorArgs(inputs: Bag, key: string, check: Bag, name: unknown, nameSources: string[]) {
  const args: Bag = { name };
  const sources: Record<string, string[]> = { name: nameSources };
  const set = (field: string, value: unknown, from: string[]) => {
    if (value === undefined || value === null) return;
    args[field] = value;
    sources[field] = from;
  };
  const at = (f: string) => `checks.${key}.${f}`;
  set("url", joinUrl(inputs.baseUrl, check.path), ["baseUrl", at("path")]);
  set("requestMethod", check.method, [at("method")]);
  if (check.expectText !== undefined) {
    set("alertCondition", "url_no_text", []);
    set("alertTextLookup", check.expectText, [at("expectText")]);
  } else if (check.forbidText !== undefined) {
    set("alertCondition", "url_text", []);
    set("alertTextLookup", check.forbidText, [at("forbidText")]);
  } else set("alertCondition", "url_unavailable", []);
  set("interval", ...ownOrGroup(check, "interval", inputs, "interval", key));
  set("requestHeaders", ...ownOrGroup(check, "requestHeaders", inputs, "requestHeaders", key));
  set("paused", ...ownOrGroup(check, "paused", inputs, "paused", key));
  set("alerts", inputs.alerts, ["alerts"]);
  set("sslAlertDays", inputs.sslAlertDays, ["sslAlertDays"]);
  set("domainAlertDays", inputs.domainAlertDays, ["domainAlertDays"]);
  const auth = check.basicAuth;
  if (isUnknown(auth)) {
    set("requestAuthUsername", UNKNOWN, [at("basicAuth")]);
    set("requestAuthPassword", UNKNOWN, [at("basicAuth")]);
  } else if (isObject(auth)) {
    set("requestAuthUsername", auth.username, [at("basicAuth")]);
    set("requestAuthPassword", auth.password, [at("basicAuth")]);
  }
  return { args, sources };
}

/** Problems between checks: names the service would take for one, renames that cannot be. */
function crossCheckProblems(monitors: PlannedMonitor[], checks: Record<string, Bag>): InputProblem[] {
  const problems: InputProblem[] = [];
  const byName = new Map<string, string>();
  const formerly = new Map<string, string>();
  for (const m of monitors) {
    const name = m.args.name;
    if (typeof name === "string") {
      if (name.length > LIMITS.name)
        problems.push({
          field: `checks.${m.key}`,
          message: `makes the monitor name "${name}", ${name.length} characters; names are at most ${LIMITS.name}: shorten the key, the service or the environment`,
        });
      const other = byName.get(nameKey(name));
      if (other !== undefined)
        problems.push({
          field: `checks.${m.key}`,
          message: `makes the monitor name "${name}", which check "${other}" makes too (the service compares names ignoring case and accents); rename one of them`,
        });
      else byName.set(nameKey(name), m.key);
    }
    const old = checks[m.key].formerly;
    if (typeof old !== "string") continue;
    if (old in checks)
      problems.push({
        field: `checks.${m.key}.formerly`,
        message: `names "${old}", which is still declared: a check can only take over the key of one that is gone`,
      });
    const twice = formerly.get(old);
    if (twice !== undefined)
      problems.push({
        field: `checks.${m.key}.formerly`,
        message: `names "${old}", as check "${twice}" does: only one check can take over a former key`,
      });
    else formerly.set(old, m.key);
  }
  return problems;
}

/**
 * The monitors `inputs` declare. Throws a {@link ServiceMonitorsInputError} naming the
 * component and every field at fault, before anything is registered or sent.
 */
export function planServiceMonitors(inputs: Bag, ctx: PlanContext): ServiceMonitorsPlan {
  const problems = shapeProblems(inputs);
  const checks = inputs.checks;
  if (isUnknown(checks))
    problems.push({
      field: "checks",
      message:
        "must be known at preview: each key is a monitor, so the keys cannot come from another resource's output",
    });
  if (!isObject(checks) || !Object.values(checks).every(isObject))
    throw new ServiceMonitorsInputError(ctx.component, problems);

  const environment = inputs.environment ?? ctx.stack;
  const service = inputs.service;
  const prefix = ctx.namePrefix ?? "";
  const known = !isUnknown(environment) && !isUnknown(service);
  const selector = known ? `${prefix}${String(environment)}/${String(service)}/` : UNKNOWN;
  const nameSources = ["service", ...(inputs.environment === undefined ? [] : ["environment"])];

  const monitors: PlannedMonitor[] = Object.entries(checks as Record<string, Bag>).map(([key, check]) => {
    const name = known ? `${selector}${key}` : UNKNOWN;
    const { args, sources } = monitorArgs(inputs, key, check, name, nameSources);
    const old = check.formerly;
    return {
      key,
      resourceName: `${ctx.component}-${key}`,
      ...(typeof old === "string" ? { formerResourceName: `${ctx.component}-${old}` } : {}),
      args,
      sources,
    };
  });
  // Every problem at once: those between checks too.
  problems.push(...crossCheckProblems(monitors, checks as Record<string, Bag>));
  if (!ctx.defaultInterval)
    for (const m of monitors.filter((x) => x.args.interval === undefined))
      problems.push({
        field: `checks.${m.key}.interval`,
        message:
          "is required: set it on the check, on the component (interval) or in the provider's defaults (uptime:defaults.interval)",
      });
  if (problems.length) throw new ServiceMonitorsInputError(ctx.component, problems);
  return { monitors, selector: selector as string };
}

/** Whether any of `sources` is, holds or lies within one of the `secret` input paths. */
export function fromSecret(sources: readonly string[], secret: ReadonlySet<string>): boolean {
  if (!secret.size) return false;
  for (const s of secret)
    for (const src of sources) if (s === src || s.startsWith(`${src}.`) || src.startsWith(`${s}.`)) return true;
  return false;
}
