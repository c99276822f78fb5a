/**
 * The Monitor provider's property bags and their mapping to the API. Inputs are the
 * program's camelCase args with defaults filled by `check`; outputs are the inputs
 * echoed back plus what the service computes.
 */
import type { Monitor, MonitorCreateInput, MonitorUpdateInput, KeyValue } from "../../schemas";
import type { CamelCase } from "../../schemas/name-case";
import type { monitorCreateSchema } from "../../schemas/monitor";
import { namesWhere } from "../../schemas/fields";
import { MONITOR_FIELDS } from "../../schemas/resources";
import { toSnake } from "../../schemas/name-case";
import { PLAINTEXT_HEADERS_KEY, RESOURCE_NAME_KEY, RESOURCE_URN_KEY, echoedWithComputed } from "../keys";

/** The writable monitor fields in the program's names, in the contract's order (from the store schema). */
export const MONITOR_API_FIELDS = namesWhere(MONITOR_FIELDS.api) as MonitorApiField[];

/**
 * Fields kept secret in state: the basic-auth password, the alert channels (webhook URLs
 * and bot tokens) and the request headers (which commonly carry API tokens).
 */
export const MONITOR_SECRET_FIELDS = namesWhere([...MONITOR_FIELDS.api, ...MONITOR_FIELDS.provider], (f) => !!f.secret);

/** Inputs that steer the provider but are not monitor fields. */
export const MONITOR_PROVIDER_FIELDS = namesWhere(MONITOR_FIELDS.provider) as ("paused" | "adopt" | "adoptId")[];
/** The fields the service computes, in the program's names. */
const MONITOR_COMPUTED_FIELDS = namesWhere(MONITOR_FIELDS.computed);

/** A writable monitor field, camelCase. */
export type MonitorApiField = CamelCase<keyof (typeof monitorCreateSchema)["shape"] & string>;

/** Provider inputs after `check` (plain values; during preview any may be unknown). */
export interface MonitorInputs {
  name: string;
  url: string;
  interval: number;
  alertCondition?: string;
  alertTextLookup?: string | null;
  requestMethod?: string;
  requestHeaders?: KeyValue[];
  requestAuthUsername?: string | null;
  requestAuthPassword?: string | null;
  cacheBuster?: number;
  sslAlertDays?: number;
  domainAlertDays?: number;
  maintenanceStartAt?: string | null;
  maintenanceEndAt?: string | null;
  alerts?: KeyValue[];
  paused?: boolean;
  adopt?: boolean;
  adoptId?: number;
  [RESOURCE_NAME_KEY]?: string;
  [RESOURCE_URN_KEY]?: string;
  /** The names of the headers the program sent as plain strings (for the policy pack). */
  [PLAINTEXT_HEADERS_KEY]?: string[];
}

/** Provider outputs: the inputs plus what the service computes. */
export interface MonitorOutputs extends MonitorInputs {
  monitorId: number;
  status: string;
  sslEndsAt?: string | null;
  domainEndsAt?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}

/** The service's defaults, filled by `check` so that explicit and omitted compare equal. */
export const MONITOR_DEFAULTS: Readonly<Partial<Record<MonitorApiField, unknown>>> = Object.fromEntries(
  MONITOR_FIELDS.api.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]),
);

/** What an emptied scalar field goes back to on update; other fields are cleared with null. */
const SCALAR_DEFAULTS = Object.fromEntries(
  Object.entries(MONITOR_DEFAULTS).filter(([, v]) => !Array.isArray(v)),
) as Partial<Record<MonitorApiField, string | number>>;

/** The API body for the given fields of `inputs` (all of them by default); absent optional fields are left out. */
function toApiBody(
  inputs: Partial<MonitorInputs>,
  fields: readonly MonitorApiField[] = MONITOR_API_FIELDS,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = inputs[field];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    body[toSnake(field)] = value;
  }
  return body;
}

/** The store body for a new monitor. */
export function toCreateBody(inputs: MonitorInputs): MonitorCreateInput {
  return toApiBody(inputs) as MonitorCreateInput;
}

/**
 * The update body for the changed fields. Fields the service validates together travel
 * together, and an absent optional field is sent as null so that the service clears it.
 */
export function toUpdateBody(
  inputs: MonitorInputs,
  changed: readonly MonitorApiField[],
  pause?: boolean,
): MonitorUpdateInput {
  const fields = new Set<MonitorApiField>(changed);
  for (const group of COUPLED_FIELDS) if (group.some((f) => fields.has(f))) group.forEach((f) => fields.add(f));
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = inputs[field];
    const empty = value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
    body[toSnake(field)] = empty ? (SCALAR_DEFAULTS[field] ?? null) : value;
  }
  if (pause !== undefined) body.pause = pause;
  return body as MonitorUpdateInput;
}

/** Fields the service validates as a group: an update sends all of a group or none. */
export const COUPLED_FIELDS: readonly (readonly MonitorApiField[])[] = [
  ["alertCondition", "alertTextLookup"],
  ["requestAuthUsername", "requestAuthPassword"],
  ["maintenanceStartAt", "maintenanceEndAt"],
];

/**
 * The live monitor in the program's names (the password is write-only and never read back);
 * its lists are always there, empty when the service holds none.
 */
export function fromApi(
  m: Monitor,
): Omit<MonitorOutputs, "requestAuthPassword" | "paused" | "adopt" | "adoptId"> &
  Required<Pick<MonitorOutputs, "alerts" | "requestHeaders">> {
  return {
    monitorId: m.id,
    name: m.name,
    url: m.url,
    interval: m.interval,
    status: m.status,
    alertCondition: m.alert_condition,
    alertTextLookup: m.alert_text_lookup ?? undefined,
    requestMethod: m.request_method,
    requestHeaders: m.request_headers.map(({ key, value }) => ({ key, value })),
    requestAuthUsername: m.request_auth_username ?? undefined,
    cacheBuster: m.cache_buster,
    sslAlertDays: m.ssl_alert_days,
    domainAlertDays: m.domain_alert_days,
    maintenanceStartAt: m.maintenance_start_at ?? undefined,
    maintenanceEndAt: m.maintenance_end_at ?? undefined,
    alerts: m.alerts.map(({ key, value }) => ({ key, value })),
    sslEndsAt: m.ssl_ends_at ?? null,
    domainEndsAt: m.domain_ends_at ?? null,
    createdAt: m.created_at ?? null,
    updatedAt: m.updated_at ?? null,
  };
}

/** Outputs after a write: the declared inputs echoed, plus what the service computed. */
export function toOutputs(inputs: MonitorInputs, live: Monitor): MonitorOutputs {
  return echoedWithComputed<MonitorOutputs>(inputs, fromApi(live), MONITOR_COMPUTED_FIELDS);
}
