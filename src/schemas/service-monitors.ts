/**
 * `ServiceMonitors`: one declaration per service that becomes one `Monitor` per check,
 * named by a convention (`<namePrefix><environment>/<service>/<key>`). Its inputs and
 * outputs are declared here once: the package schema, the SDKs, the Node.js class's types,
 * the reference and the validation both doors run all read them.
 *
 * Keys are the program's names (camelCase): the component is not an API body. The fields
 * it passes on to its monitors reuse the monitor's own schemas, so a value is valid here
 * exactly when the same value on a monitor is.
 */
import { z } from "zod";
import { ALWAYS, httpUrl, text } from "./common";
import { field, unwrapField } from "./fields";
import { monitorCreateSchema } from "./monitor";
import { LIMITS } from "./values";

/** A monitor field's own schema (its rules and allowed values), without its optionality. */
function monitorField(wire: keyof typeof monitorCreateSchema.shape): z.ZodType {
  return unwrapField(monitorCreateSchema.shape[wire]);
}

/**
 * Metadata of a field built on a monitor field's schema. The registry lends a derived
 * schema its parent's metadata: the monitor's defaults must not come along, or the SDKs
 * would send them and a group's value would hide the provider's `defaults`.
 */
const NO_DEFAULT = { default: undefined, teamDefault: false } as const;

/**
 * Headers, secret as a monitor's are (fields.ts, `plaintextInput`): the component hands them
 * to its monitors as the program sent them, and each monitor's check records which came in
 * plaintext and returns them secret.
 */
const HEADERS = { ...NO_DEFAULT, secret: true, plaintextInput: true } as const;

/** A check key, a service or an environment: a part of a name between slashes. */
function namePart(what: string) {
  return text(LIMITS.name, true).refine((v) => !v.includes("/"), {
    error: `must not contain "/": it separates the ${what} from the rest of the monitor's name`,
  });
}

/** The basic-auth credentials of a check's request. */
export const basicAuthSchema = z.strictObject({
  username: field(text(LIMITS.requestAuthUsername, true), "Basic-auth username."),
  password: field(text(LIMITS.requestAuthPassword, true), "Basic-auth password.", { secret: true }),
});

/** One check of a service: one monitor. */
export const serviceCheckSchema = z
  .strictObject({
    path: field(
      text(LIMITS.url, true).refine((v) => v.startsWith("/"), { error: 'must start with "/" (e.g. /health)' }),
      "Path of the checked URL below `baseUrl`, starting with `/` (e.g. `/health`, `/api/status?deep=1`).",
    ),
    method: field(
      monitorField("request_method"),
      "HTTP method of the check request. Default GET.",
      NO_DEFAULT,
    ).optional(),
    expectText: field(
      text(LIMITS.alertTextLookup, true),
      "Alert when the response does NOT contain this text (alert condition url_no_text).",
    ).optional(),
    forbidText: field(
      text(LIMITS.alertTextLookup, true),
      "Alert when the response contains this text (alert condition url_text). Neither text: alert when the URL is unavailable.",
    ).optional(),
    interval: field(
      monitorField("interval"),
      "Check interval in seconds; wins over the group's.",
      NO_DEFAULT,
    ).optional(),
    requestHeaders: field(
      monitorField("request_headers"),
      "Headers of this check's request; wins, whole, over the group's.",
      HEADERS,
    ).optional(),
    basicAuth: field(basicAuthSchema, "Basic-auth credentials of this check's request.", {
      typeName: "ServiceCheckBasicAuth",
    }).optional(),
    paused: field(z.boolean(), "Pause (true) or resume (false) this check; wins over the group's.").optional(),
    formerly: field(
      namePart("check key"),
      "The key this check had before: the monitor is renamed in place (same id), not deleted and created again. Remove it after the next `up`.",
    ).optional(),
  })
  .superRefine((check, ctx) => {
    if (check && typeof check === "object" && check.expectText !== undefined && check.forbidText !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["forbidText"],
        message: "set either expectText or forbidText, not both: a monitor alerts on one condition",
      });
  }, ALWAYS)
  .describe("One check of a service: one monitor.");

/** The group-wide values: a check's own value wins, then these, then the provider's `defaults`. */
const groupFields = {
  interval: field(
    monitorField("interval"),
    "Check interval in seconds of every check that sets none.",
    NO_DEFAULT,
  ).optional(),
  alerts: field(monitorField("alerts"), "Alert channels of every monitor of the service.", {
    ...NO_DEFAULT,
    secret: true,
  }).optional(),
  sslAlertDays: field(
    monitorField("ssl_alert_days"),
    "Days before the SSL certificate expires to alert, for every check; 0 disables.",
    NO_DEFAULT,
  ).optional(),
  domainAlertDays: field(
    monitorField("domain_alert_days"),
    "Days before the domain name expires to alert, for every check; 0 disables.",
    NO_DEFAULT,
  ).optional(),
  requestHeaders: field(
    monitorField("request_headers"),
    "Headers of every check's request, unless the check declares its own.",
    HEADERS,
  ).optional(),
  paused: field(z.boolean(), "Pause (true) or resume (false) every check that sets none.").optional(),
};

/** The inputs of a `ServiceMonitors`. */
export const serviceMonitorsInputsSchema = z.strictObject({
  service: field(namePart("service"), "The service's name: the middle part of every monitor's name."),
  environment: field(
    namePart("environment"),
    "The environment: the first part of every monitor's name. Default: the stack's name.",
  ).optional(),
  baseUrl: field(
    httpUrl(LIMITS.url),
    "Root URL of the service (http or https); each check's path is appended to it. A change updates every monitor's URL in place.",
  ),
  checks: field(
    z.record(z.string(), serviceCheckSchema).refine((c) => !c || typeof c !== "object" || Object.keys(c).length > 0, {
      error: "must declare at least one check",
    }),
    "The checks, by key: each one is a monitor named `<namePrefix><environment>/<service>/<key>`. A removed key deletes its monitor; an added one creates one.",
    { typeName: "ServiceCheck" },
  ),
  ...groupFields,
});

/** The outputs of a `ServiceMonitors`. */
export const serviceMonitorsOutputsSchema = z.object({
  monitorIds: field(z.record(z.string(), z.number().int()), "The service's id of each check's monitor, by key."),
  monitorNames: field(z.record(z.string(), z.string()), "The name of each check's monitor, by key."),
  selector: field(
    z.string(),
    "The exact prefix of every monitor name of this component (`<namePrefix><environment>/<service>/`): what selects its monitors, and only them, by name.",
  ),
});

/** The keys a check may have, for messages. */
export const SERVICE_CHECK_KEYS = Object.keys(serviceCheckSchema.shape);

/** The inputs as a program gives them, plain. */
export type ServiceMonitorsInputs = z.input<typeof serviceMonitorsInputsSchema>;
/** One check as a program gives it, plain. */
export type ServiceCheck = z.input<typeof serviceCheckSchema>;
