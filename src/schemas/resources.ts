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
