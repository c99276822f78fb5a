/**
 * The resources as programs see them, beyond the API's writable fields: the inputs that
 * steer the provider (`paused`, `adopt`, `adoptId`) and the outputs the service computes.
 * Keys are wire names like the API schemas; `name` gives the program name where it differs.
 */
import { z } from "zod";
import { INCIDENT_STATUSES, MONITOR_STATUSES } from "./values";
import { stringOneOf } from "./common";
import { field, fieldsOf, type FieldInfo } from "./fields";
import { incidentCreateSchema } from "./incident";
import { monitorCreateSchema } from "./monitor";

/** Monitor inputs that are not fields of the store body. */
export const monitorProviderInputsSchema = z.object({
  pause: field(
    z.boolean(),
    "Pause (true) or resume (false) checking. Managed only when set; when omitted, the paused state is left alone.",
    { name: "paused", onlyWhenSet: true },
  ).optional(),
  adopt: field(
    z.boolean(),
    "Take over the existing monitor of the same name (names are unique per account) instead of failing; creates it if none exists.",
    { providerOnly: true, once: "store" },
  ).optional(),
  adopt_id: field(z.number().int().positive(), "Take over the existing monitor with this id.", {
    providerOnly: true,
    once: "store",
  }).optional(),
});

const when = (what: string) =>
  field(z.string().nullable(), `${what}, Y-m-dTH:i:s in the account's time zone.`).optional();

/** What the service computes for a monitor. */
export const monitorComputedSchema = z.object({
  id: field(z.number().int(), "The service's id of the monitor.", { name: "monitorId" }),
  status: field(stringOneOf(MONITOR_STATUSES), "State of the monitor as of the last write or refresh."),
  ssl_ends_at: when("When the SSL certificate expires, if the service knows"),
  domain_ends_at: when("When the domain name expires, if the service knows"),
  created_at: when("When the monitor was created"),
  updated_at: when("When the monitor was last changed"),
});

/** What the service computes for an incident. */
export const incidentComputedSchema = z.object({
  id: field(z.number().int(), "The service's id of the incident.", { name: "incidentId" }),
  status: field(
    stringOneOf(INCIDENT_STATUSES),
    "Derived by the service from the timestamps: resolved once ended, else acknowledged once acknowledged, else unresolved.",
  ),
  created_at: when("When the record was created"),
  updated_at: when("When the record was last changed"),
});

/** The fields of each resource, read once from the schemas. */
export const MONITOR_FIELDS = {
  /** The store body's fields. */
  api: fieldsOf(monitorCreateSchema),
  /** Inputs that steer the provider. */
  provider: fieldsOf(monitorProviderInputsSchema),
  /** Outputs the service computes. */
  computed: fieldsOf(monitorComputedSchema),
} as const satisfies Record<string, FieldInfo[]>;

/** The fields of an incident, read once from the schemas. */
export const INCIDENT_FIELDS = {
  api: fieldsOf(incidentCreateSchema),
  provider: [] as FieldInfo[],
  computed: fieldsOf(incidentComputedSchema),
} as const satisfies Record<string, FieldInfo[]>;

/** Arguments of `getMonitor`. */
export const getMonitorArgsSchema = z.object({
  monitor_id: field(
    z.number({ error: "expected a monitor id (a number)" }).int().positive({ error: "must be a positive monitor id" }),
    "The monitor's id.",
  ),
});

/** Arguments of `getIncident`. */
export const getIncidentArgsSchema = z.object({
  incident_id: field(
    z
      .number({ error: "expected an incident id (a number)" })
      .int()
      .positive({ error: "must be a positive incident id" }),
    "The incident's id.",
  ),
});

const reportTime = (what: string) =>
  field(
    z.string().min(1, { error: "must not be empty" }),
    `${what}: wall time in the account's time zone (\`2026-03-02T18:30\`) or an instant with \`Z\` or an offset (\`2026-03-02T17:30:00Z\`).`,
  ).optional();

/** Arguments of `getMonitorReport`: the monitor, the period (`window` or `from`/`until`) and the SLO. */
export const getMonitorReportArgsSchema = z
  .object({
    monitor_id: getMonitorArgsSchema.shape.monitor_id,
    window: field(
      z.string().min(1, { error: "must not be empty" }),
      "Length of the period ending at `until` (default now): `30d`, `7d`, `12h`, `1d12h`. Default `30d`. Not with `from`.",
    ).optional(),
    from: reportTime("Start of the period; not with `window`"),
    until: reportTime("End of the period; default now"),
    slo: field(
      z
        .number({ error: "expected a percentage (a number)" })
        .gt(0, { error: "must be a percentage between 0 and 100" })
        .lt(100, { error: "must be a percentage between 0 and 100" }),
      "The objective, percent of the period up (e.g. 99.9): adds `budget`.",
    ).optional(),
  })
  .superRefine((a, ctx) => {
    if (a.window !== undefined && a.from !== undefined)
      ctx.addIssue({ code: "custom", path: ["window"], message: "give either window or from, not both" });
  });

const seconds = (what: string) => field(z.number().int(), `${what}, seconds.`);

/** The error budget of `getMonitorReport`'s `slo`. */
export const monitorReportBudgetSchema = z.object({
  allowed_seconds: seconds("Downtime the SLO allows over the measured period"),
  remaining_seconds: seconds("What is left of it; negative once the budget is spent and more"),
  remaining_percent: field(z.number(), "What is left, percent of the allowed downtime; negative once spent."),
  burn_rate_1h: field(
    z.number(),
    "Downtime in the last hour as a multiple of the rate the SLO allows (1: the budget lasts exactly the period).",
    { name: "burnRate1h" },
  ),
  burn_rate_6h: field(z.number(), "The same over the last six hours.", { name: "burnRate6h" }),
});

/** The result of `getMonitorReport`: the figures `pulumi-uptime report --json` gives for one monitor, under its names. */
export const monitorReportSchema = z.object({
  id: field(z.number().int(), "The monitor's id."),
  name: field(z.string(), "The monitor's name."),
  availability: field(z.number(), "Percent of the measured period without an open incident (four decimals)."),
  downtime_seconds: seconds("Time with an incident open inside the measured period (overlaps merged)"),
  incidents: field(z.number().int(), "Incidents that overlap the measured period."),
  ongoing: field(z.boolean(), "Whether an incident was open at the period's end."),
  longest_seconds: seconds("The longest outage inside the period (overlapping incidents merged)"),
  mtta_seconds: field(
    z.number().int(),
    "Mean time from start to acknowledgement of the acknowledged incidents, seconds; absent when none.",
  )
    .nullable()
    .optional(),
  mttr_seconds: field(
    z.number().int(),
    "Mean time from start to end of the incidents that ended, seconds; absent when none.",
  )
    .nullable()
    .optional(),
  measured_from: field(z.string(), "The later of the period's start and the monitor's creation, ISO-8601 UTC."),
  period_seconds: seconds("Length of the measured period"),
  budget: field(monitorReportBudgetSchema, "The error budget; only with `slo`.", {
    typeName: "MonitorReportBudget",
  }).optional(),
});
