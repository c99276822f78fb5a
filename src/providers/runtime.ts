/**
 * The providers' installed runtime: what the serialized shims `require` by package name
 * (`pulumi-uptime/runtime`) in the engine's provider process. Because the code lives
 * here and not in state, `refresh` and `delete` run the installed release.
 */
import type { CheckResult, ConfigureRequest, DiffResult, ResourceProvider } from "@pulumi/pulumi/dynamic";
import type { UptimeClient } from "../client/client";
import { configureFromStack, providerClient, resolveSettings } from "./config";
import { resourceLabel, toResourceError } from "./user-error";
import { checkMonitor } from "./monitor/check";
import { diffMonitor } from "./monitor/diff";
import { createMonitor, deleteMonitor, readMonitor, updateMonitor } from "./monitor/provider";
import { RESOURCE_NAME_KEY } from "./monitor/props";
import { MonitorReadSnapshot } from "./monitor/read-snapshot";
import { checkIncident } from "./incident/check";
import { diffIncident } from "./incident/diff";
import { createIncident, deleteIncident, readIncident, updateIncident } from "./incident/provider";

/** Receives the stack's configuration (secrets decrypted) once per provider process. */
export async function configure(req: ConfigureRequest): Promise<void> {
  configureFromStack(req.config);
}

type Bag = Record<string, any>;

// One read snapshot per provider client (see read-snapshot.ts); writes drop it.
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

function withClient<T>(kind: "Monitor" | "Incident", props: Bag, id: string | undefined, run: (c: UptimeClient) => Promise<T>): Promise<T> {
  let client: UptimeClient;
  try {
    client = providerClient();
  } catch (err) {
    return Promise.reject(toResourceError(resourceLabel(kind, props?.[RESOURCE_NAME_KEY] ?? props?.name, id), err));
  }
  return run(client);
}

/** The Monitor provider the serialized shim returns. */
export const monitor: Required<ResourceProvider> = {
  configure,
  check: async (_olds: Bag, news: Bag): Promise<CheckResult> => checkMonitor(news),
  diff: async (_id: string, olds: Bag, news: Bag): Promise<DiffResult> => diffMonitor(olds, news),
  create: (news: Bag) => withClient("Monitor", news, undefined, (c) => writing(c, createMonitor(c, news as any))),
  read: (id: string, props?: Bag) => withClient("Monitor", props ?? {}, id, (c) => readMonitor(c, id, props, (n) => snapshotFor(c).get(n))),
  update: (id: string, olds: Bag, news: Bag) => withClient("Monitor", news, id, (c) => writing(c, updateMonitor(c, id, olds as any, news as any))),
  delete: (id: string, props: Bag) => withClient("Monitor", props, id, (c) => writing(c, deleteMonitor(c, id, props))),
};

/** The Incident provider the serialized shim returns. */
export const incident: Required<ResourceProvider> = {
  configure,
  check: async (_olds: Bag, news: Bag): Promise<CheckResult> => checkIncident(news, resolveSettings().timeZone),
  diff: async (_id: string, olds: Bag, news: Bag): Promise<DiffResult> => diffIncident(olds, news),
  create: (news: Bag) => withClient("Incident", news, undefined, (c) => createIncident(c, news as any)),
  read: (id: string, props?: Bag) => withClient("Incident", props ?? {}, id, (c) => readIncident(c, id, props)),
  update: (id: string, olds: Bag, news: Bag) => withClient("Incident", news, id, (c) => updateIncident(c, id, olds as any, news as any)),
  delete: (id: string, props: Bag) => withClient("Incident", props, id, (c) => deleteIncident(c, id, props)),
};
