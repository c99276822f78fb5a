/**
 * Create, read, update and delete for monitors, including adoption of a monitor that
 * already exists and the lookup that keeps a create whose outcome is unknown from
 * leaving a duplicate or an orphan.
 */
import type { CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import type { UptimeClient } from "../../client/client";
import { UptimeError, UptimeNotFoundError, UptimeValidationError } from "../../client/errors";
import type { Monitor } from "../../schemas";
import { dropUndefined } from "../../util/objects";
import { resourceLabel, toResourceError, UptimeResourceError } from "../user-error";
import { changedMonitorFields, pauseChange } from "./diff";
import {
  fromApi, MONITOR_API_FIELDS, RESOURCE_NAME_KEY, stripInternal, toCreateBody, toOutputs, toUpdateBody,
  type MonitorInputs, type MonitorOutputs,
} from "./props";

function label(props: Partial<MonitorInputs>, id?: string | number): string {
  return resourceLabel("Monitor", props[RESOURCE_NAME_KEY] ?? props.name, id);
}

function isNameTaken(err: unknown): boolean {
  return err instanceof UptimeValidationError && Object.entries(err.fields).some(([k, msgs]) => k === "name" && msgs.some((m) => /taken|exists|unique/i.test(m)));
}

/**
 * Brings an existing monitor to the declared state and returns the outputs. If that
 * fails, the error carries the monitor's id and live state, so that the dynamic provider
 * host records the resource as created but failed to initialise: state then knows the
 * monitor (no orphan) and the next `up` finishes the update.
 */
async function converge(client: UptimeClient, live: Monitor, inputs: MonitorInputs, who: string): Promise<MonitorOutputs> {
  try {
    return await convergeOnce(client, live, inputs);
  } catch (err) {
    const failed = toResourceError(who, err) as Error & { id?: string; properties?: object; reasons?: string[] };
    failed.id = String(live.id);
    failed.properties = dropUndefined({ ...fromApi(live), [RESOURCE_NAME_KEY]: inputs[RESOURCE_NAME_KEY] });
    failed.reasons = [failed.message];
    throw failed;
  }
}

async function convergeOnce(client: UptimeClient, live: Monitor, inputs: MonitorInputs): Promise<MonitorOutputs> {
  const current = { ...fromApi(live), paused: live.status === "paused" } as Partial<MonitorOutputs>;
  const changed = changedMonitorFields(current, inputs);
  // The service does not return the password: when one is declared, always write it.
  if (inputs.requestAuthPassword && !changed.includes("requestAuthPassword")) changed.push("requestAuthPassword");
  const pause = pauseChange(current, inputs);
  if (changed.length === 0 && pause === undefined) return toOutputs(inputs, live);
  const updated = await client.monitors.update(live.id, toUpdateBody(inputs, changed, pause));
  return toOutputs(inputs, updated);
}

/** Pulumi's `create`: store (or adopt) the monitor. */
export async function createMonitor(client: UptimeClient, news: MonitorInputs): Promise<CreateResult<MonitorOutputs>> {
  const inputs = stripInternal(news);
  const who = label(inputs);
  try {
    if (inputs.adoptId !== undefined) {
      const live = await client.monitors.get(inputs.adoptId).catch((err) => {
        if (err instanceof UptimeNotFoundError) {
          throw new UptimeResourceError(who, `adoptId ${inputs.adoptId}: no monitor with that id in this account`, { adoptId: ["no such monitor"] });
        }
        throw err;
      });
      return done(await converge(client, live, inputs, who));
    }
    if (inputs.adopt) {
      const live = await client.monitors.findByName(inputs.name);
      if (live) return done(await converge(client, live, inputs, who));
    }
    let created: Monitor | undefined;
    for (let attempt = 1; !created; attempt++) {
      try {
        created = await client.monitors.create(toCreateBody(inputs));
      } catch (err) {
        if (isNameTaken(err)) {
          throw new UptimeResourceError(
            who,
            `a monitor named "${inputs.name}" already exists in this account. Declare it with \`adopt: true\` to take it over, or choose another name.`,
            { name: ["already exists"] }, err,
          );
        }
        if (!(err instanceof UptimeError && err.outcomeUnknown)) throw err;
        // Names are unique per account: if the store went through, the lookup finds it.
        const found = await client.monitors.findByName(inputs.name);
        if (found) return done(await converge(client, found, inputs, who));
        // Now known not to have been stored, so sending it again cannot duplicate it.
        if (attempt >= CREATE_ATTEMPTS) {
          throw new UptimeResourceError(who, `${err.message} No monitor named "${inputs.name}" exists afterwards, so nothing was created; it is safe to run again.`, {}, err);
        }
      }
    }
    // `paused` on create: the service stores monitors running, so pause in a second call.
    return done(inputs.paused ? await converge(client, created, inputs, who) : toOutputs(inputs, created));
  } catch (err) {
    throw toResourceError(who, err);
  }
}

/** Stores tried when each failed with an unknown outcome and the lookup found nothing. */
export const CREATE_ATTEMPTS = 6;

function done(outs: MonitorOutputs): CreateResult<MonitorOutputs> {
  return { id: String(outs.monitorId), outs };
}

/**
 * Pulumi's `read`: the live monitor as props and inputs, so that `refresh` records
 * drift. Gone (404) reads as an empty id, so that the next `up` creates it again.
 */
export async function readMonitor(
  client: UptimeClient,
  id: string,
  props: Partial<MonitorOutputs> = {},
  fetch: (id: number) => Promise<Monitor> = (n) => client.monitors.get(n),
): Promise<ReadResult<MonitorOutputs>> {
  const who = label(props, id);
  try {
    const live = await fetch(Number(id));
    const state: MonitorOutputs = {
      ...fromApi(live),
      // Write-only: keep what was last written; the service never returns it.
      requestAuthPassword: props.requestAuthPassword,
      paused: props.paused === undefined ? undefined : live.status === "paused",
      adopt: props.adopt,
      adoptId: props.adoptId,
      [RESOURCE_NAME_KEY]: props[RESOURCE_NAME_KEY],
    };
    const outs = dropUndefined(state);
    const inputs = Object.fromEntries(
      Object.entries(outs).filter(([k]) => (MONITOR_API_FIELDS as readonly string[]).includes(k) || ["paused", "adopt", "adoptId", RESOURCE_NAME_KEY].includes(k)),
    ) as MonitorOutputs;
    return { id: String(live.id), props: outs, inputs };
  } catch (err) {
    if (err instanceof UptimeNotFoundError) {
      // Managed state: gone means deleted out of band, recreated by the next `up`.
      if (isManagedState(props)) return { id: "" };
      // `Monitor.get` of an id that does not exist must fail, not read as nothing.
      throw new UptimeResourceError(who, `no monitor with id ${id} in this account`, {}, err);
    }
    throw toResourceError(who, err);
  }
}

/** True for a managed resource's state; `Monitor.get` reads with nothing but `__provider`. */
export function isManagedState(props: object): boolean {
  return Object.keys(props).some((k) => k !== "__provider");
}

/** Pulumi's `update`: send the changed fields (and `pause`), return the full outputs. */
export async function updateMonitor(client: UptimeClient, id: string, olds: MonitorOutputs, news: MonitorInputs): Promise<UpdateResult<MonitorOutputs>> {
  const inputs = stripInternal(news);
  const who = label(inputs, id);
  try {
    const changed = changedMonitorFields(olds, inputs);
    const pause = pauseChange(olds, inputs);
    const live =
      changed.length === 0 && pause === undefined
        ? await client.monitors.get(Number(id))
        : await client.monitors.update(Number(id), toUpdateBody(inputs, changed, pause));
    return { outs: toOutputs(inputs, live) };
  } catch (err) {
    throw toResourceError(who, err);
  }
}

/** Pulumi's `delete`: a monitor that is already gone is a success. */
export async function deleteMonitor(client: UptimeClient, id: string, props: Partial<MonitorOutputs> = {}): Promise<void> {
  try {
    await client.monitors.delete(Number(id));
  } catch (err) {
    if (err instanceof UptimeNotFoundError) return;
    throw toResourceError(label(props, id), err);
  }
}
