/**
 * The engine-neutral runtime of each resource type: check, diff, create, read, update and
 * delete, bound to a connection to the service. Both front doors call these and only
 * translate: the dynamic providers (runtime.ts, run by the engine's dynamic-provider host)
 * and the provider plugin (src/plugin, served over gRPC). A fix here applies to both.
 */
import type { CheckResult, CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import type { UptimeClient } from "../client/client";
import type { PropertyChanges } from "./changes";
import { resourceLabel, toResourceError } from "./user-errors";
import { UNKNOWN } from "./unknowns";
import { checkMonitor } from "./monitor/check-monitor";
import type { Autonaming } from "./monitor/autoname";
import type { MonitorDefaults } from "./monitor/team-defaults";
import { monitorChanges } from "./monitor/diff-monitor";
import { createMonitor, deleteMonitor, readMonitor, updateMonitor } from "./monitor/monitor-lifecycle";
import type { MonitorInputs, MonitorOutputs } from "./monitor/monitor-props";
import { RESOURCE_NAME_KEY } from "./keys";
import { MonitorReadSnapshot } from "./monitor/read-snapshot";
import { checkIncident } from "./incident/check-incident";
import { incidentChanges } from "./incident/diff-incident";
import { createIncident, deleteIncident, readIncident, updateIncident } from "./incident/incident-lifecycle";
import type { IncidentInputs, IncidentOutputs } from "./incident/incident-props";
import { INCIDENT_FIELDS, MONITOR_FIELDS } from "../schemas";

/** A property bag in the program's names. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped until check(); then cast to the typed inputs
export type Bag = Record<string, any>;

/** Where a provider instance finds the service. */
export interface ServiceConnection {
  /** The client; throws an `UptimeConfigError` naming the missing settings. */
  client(): UptimeClient;
  /** The account's time zone (IANA name). */
  timeZone(): string;
  /** The provider's `defaults` setting for monitors; invalid ones give none (their problems fail the settings' check). */
  monitorDefaults?(): MonitorDefaults;
}

/** The operations of one resource type. */
export interface ResourceOperations {
  readonly kind: "Monitor" | "Incident";
  /**
   * Validates inputs and fills defaults; failures name the property. `olds` are the old
   * inputs (a generated name is kept), `autonaming` the engine's request (plugin only).
   */
  check(news: Bag, olds?: Bag, autonaming?: Autonaming): CheckResult;
  /** Old outputs against new inputs. */
  diff(olds: Bag, news: Bag): PropertyChanges;
  create(news: Bag): Promise<CreateResult>;
  /** The live resource; `id: ""` when it is gone. Works with nothing but the id (import, `get`). */
  read(id: string, props?: Bag): Promise<ReadResult>;
  update(id: string, olds: Bag, news: Bag): Promise<UpdateResult>;
  delete(id: string, props: Bag): Promise<void>;
  /**
   * The outputs a create (no `olds`) or update would give, without a request: the inputs,
   * what the service keeps (ids, creation dates) and unknowns for what it will compute.
   */
  previewOutputs(news: Bag, olds?: Bag): Bag;
}

// One read snapshot per client (see read-snapshot.ts); writes drop it.
const snapshots = new WeakMap<UptimeClient, MonitorReadSnapshot>();
function snapshotFor(client: UptimeClient): MonitorReadSnapshot {
  let s = snapshots.get(client);
  if (!s) snapshots.set(client, (s = new MonitorReadSnapshot(client)));
  return s;
}
function writing<T>(client: UptimeClient, write: Promise<T>): Promise<T> {
  snapshotFor(client).invalidate();
  return write.finally(() => snapshotFor(client).invalidate());
}

function withClient<T>(
  conn: ServiceConnection,
  kind: "Monitor" | "Incident",
  props: Bag,
  id: string | undefined,
  run: (c: UptimeClient) => Promise<T>,
): Promise<T> {
  let client: UptimeClient;
  try {
    client = conn.client();
  } catch (err) {
    return Promise.reject(toResourceError(resourceLabel(kind, props?.[RESOURCE_NAME_KEY] ?? props?.name, id), err));
  }
  return run(client);
}

/**
 * Computed outputs for a preview: kept from the old outputs where the service never
 * changes them on update (`keep`), unknown otherwise.
 */
function previewComputed(names: readonly string[], keep: readonly string[], olds?: Bag): Bag {
  const out: Bag = {};
  for (const name of names) out[name] = olds && keep.includes(name) && olds[name] !== undefined ? olds[name] : UNKNOWN;
  return out;
}

const MONITOR_COMPUTED = MONITOR_FIELDS.computed.map((f) => f.name);
const INCIDENT_COMPUTED = INCIDENT_FIELDS.computed.map((f) => f.name);

/** The Monitor operations over `conn`. */
export function monitorOperations(conn: ServiceConnection): ResourceOperations {
  return {
    kind: "Monitor",
    check: (news, olds, autonaming) =>
      checkMonitor(news, conn.timeZone(), undefined, { olds, autonaming, defaults: conn.monitorDefaults?.() }),
    diff: (olds, news) => monitorChanges(olds, news),
    create: (news) =>
      withClient(conn, "Monitor", news, undefined, (c) => writing(c, createMonitor(c, news as MonitorInputs))),
    read: (id, props) =>
      withClient(conn, "Monitor", props ?? {}, id, (c) => readMonitor(c, id, props, (n) => snapshotFor(c).get(n))),
    update: (id, olds, news) =>
      withClient(conn, "Monitor", news, id, (c) =>
        writing(c, updateMonitor(c, id, olds as MonitorOutputs, news as MonitorInputs)),
      ),
    delete: (id, props) => withClient(conn, "Monitor", props, id, (c) => writing(c, deleteMonitor(c, id, props))),
    previewOutputs: (news, olds) => ({
      ...news,
      ...previewComputed(MONITOR_COMPUTED, ["monitorId", "createdAt", "sslEndsAt", "domainEndsAt"], olds),
    }),
  };
}

/** The Incident operations over `conn`. */
export function incidentOperations(conn: ServiceConnection): ResourceOperations {
  return {
    kind: "Incident",
    check: (news) => checkIncident(news, conn.timeZone()),
    diff: (olds, news) => incidentChanges(olds, news),
    create: (news) => withClient(conn, "Incident", news, undefined, (c) => createIncident(c, news as IncidentInputs)),
    read: (id, props) => withClient(conn, "Incident", props ?? {}, id, (c) => readIncident(c, id, props)),
    update: (id, olds, news) =>
      withClient(conn, "Incident", news, id, (c) =>
        updateIncident(c, id, olds as IncidentOutputs, news as IncidentInputs),
      ),
    delete: (id, props) => withClient(conn, "Incident", props, id, (c) => deleteIncident(c, id, props)),
    previewOutputs: (news, olds) => ({
      ...news,
      ...previewComputed(INCIDENT_COMPUTED, ["incidentId", "createdAt"], olds),
    }),
  };
}
