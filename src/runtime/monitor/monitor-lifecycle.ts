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
import { noticeZoneMismatch, noticeZoneMismatchOnRead } from "../stored-times";
import { deleteUnlessGone, resourceLabel, toResourceError, updateFailure, UptimeResourceError } from "../user-errors";
import { changedMonitorFields, pauseChange } from "./diff-monitor";
import {
  fromApi,
  MONITOR_API_FIELDS,
  toCreateBody,
  toOutputs,
  toUpdateBody,
  type MonitorInputs,
  type MonitorOutputs,
} from "./monitor-props";
import { PLAINTEXT_HEADERS_KEY, RESOURCE_NAME_KEY, RESOURCE_URN_KEY, resourceUrn, stripInternal } from "../keys";
import { describe, monitorClaims } from "./claims";
import { ONLY_WHEN_DECLARED, undeclaredFields } from "./only-when-declared";
import { providerLog, warnOnce } from "../log";
import { deletedByThisProcess, findWithin, noteDeleted, readNotOlder, writeOrReadBack } from "../read-after-write";

/** The local times a monitor write sends (API names), compared with the answer (stored-times.ts). */
const MONITOR_TIMES = ["maintenance_start_at", "maintenance_end_at"] as const;
/** The same in the program's names, compared on a refresh with what the state recorded. */
const MONITOR_TIME_INPUTS = ["maintenanceStartAt", "maintenanceEndAt"] as const;

function label(props: Partial<MonitorInputs>, id?: string | number): string {
  return resourceLabel("Monitor", props[RESOURCE_NAME_KEY] ?? props.name, id);
}

function isNameTaken(err: unknown): boolean {
  return (
    err instanceof UptimeValidationError &&
    Object.entries(err.fields).some(([k, msgs]) => k === "name" && msgs.some((m) => /taken|exists|unique/i.test(m)))
  );
}

/**
 * Brings an existing monitor to the declared state and returns the outputs. If that
 * fails, the error carries the monitor's id and live state, so that the dynamic provider
 * host records the resource as created but failed to initialise: state then knows the
 * monitor (no orphan) and the next `up` finishes the update.
 */
async function converge(
  client: UptimeClient,
  live: Monitor,
  inputs: MonitorInputs,
  who: string,
  urn?: string,
): Promise<MonitorOutputs> {
  const other = urn ? monitorClaims.own({ urn, label: who }, live.id) : undefined;
  if (other) {
    throw new UptimeResourceError(
      who,
      `monitor ${live.id} ("${live.name}") is already managed by ${describe(other, { urn: urn!, label: who })} in this ` +
        "run; two resources must not manage one monitor (both would write it and both would delete it). Declare it once.",
      {},
    );
  }
  try {
    return await convergeOnce(client, live, inputs);
  } catch (err) {
    const failed = toResourceError(who, err) as Error & { id?: string; properties?: object; reasons?: string[] };
    failed.id = String(live.id);
    failed.properties = dropUndefined({
      ...fromApi(live),
      [RESOURCE_NAME_KEY]: inputs[RESOURCE_NAME_KEY],
      [RESOURCE_URN_KEY]: inputs[RESOURCE_URN_KEY],
    });
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
  const body = toUpdateBody(inputs, changed, pause);
  const updated = await client.monitors.update(live.id, body);
  await noticeZoneMismatch(body, updated, MONITOR_TIMES, client.timeZone, label(inputs, live.id), resourceUrn(inputs));
  return toOutputs(inputs, updated);
}

/** Tells the user which monitor a create took over instead of creating one. */
function adopted(who: string, live: Monitor, how: string, urn: string | undefined): Promise<void> {
  return providerLog().info(
    `${who} took over the existing monitor ${live.id} (${JSON.stringify(live.name)}, ${how}) instead of creating one.`,
    urn,
  );
}

/**
 * The fields in which `live` differs from what a create of `inputs` sends: none when it
 * is the monitor that create stored. Left out: the password (never read back) and the
 * maintenance dates (an account whose zone differs from `uptime:timeZone` stores other
 * instants than were sent; the other fields identify a monitor well enough).
 */
function differencesFromSent(live: Monitor, inputs: MonitorInputs): string[] {
  return changedMonitorFields(fromApi(live) as Partial<MonitorOutputs>, inputs).filter(
    (f) => f !== "requestAuthPassword" && f !== "maintenanceStartAt" && f !== "maintenanceEndAt",
  );
}

function nameTakenError(
  who: string,
  inputs: MonitorInputs,
  cause: unknown,
  existing?: { id: number; differs: string[] },
): UptimeResourceError {
  const which = existing
    ? ` (id ${existing.id}) and it is not the one this create sent (${existing.differs.join(", ")} differ${existing.differs.length === 1 ? "s" : ""})`
    : "";
  return new UptimeResourceError(
    who,
    `a monitor named "${inputs.name}" already exists in this account${which}. Declare it with \`adopt: true\` to take it over, or choose another name` +
      (existing
        ? "."
        : " (renaming a resource of this stack? Give it the `aliases` option with its old name instead)."),
    { name: ["already exists"] },
    cause,
  );
}

/**
 * Pulumi's `create`: store (or adopt) the monitor; an adoption is reported through the provider log.
 *
 * A store whose outcome is unknown (the answer was lost) is settled by looking the name
 * up, since names are unique. The store may still be in flight while the lookup runs, so
 * the lookup can miss it and the next store be refused as "name taken" by our own first
 * store: after an uncertain store, "name taken" means look again. What the lookup finds
 * is taken as ours only if it is what this create sent (or `adopt` is set); a different
 * monitor of that name is someone else's and is left alone. Never a duplicate, never an
 * orphan, never a silent takeover.
 */
export async function createMonitor(
  client: UptimeClient,
  news: MonitorInputs,
  urn = resourceUrn(news),
): Promise<CreateResult<MonitorOutputs>> {
  const inputs = stripInternal(news);
  const who = label(inputs);
  try {
    if (inputs.adoptId !== undefined) {
      const live = await client.monitors.get(inputs.adoptId).catch((err) => {
        if (err instanceof UptimeNotFoundError) {
          throw new UptimeResourceError(who, `adoptId ${inputs.adoptId}: no monitor with that id in this account`, {
            adoptId: ["no such monitor"],
          });
        }
        throw err;
      });
      const outs = await converge(client, live, inputs, who, urn);
      await adopted(who, live, `adoptId: ${inputs.adoptId}`, urn);
      return done(outs);
    }
    if (inputs.adopt) {
      const live = await client.monitors.findByName(inputs.name);
      if (live) {
        const outs = await converge(client, live, inputs, who, urn);
        await adopted(who, live, "adopt: true, found by name", urn);
        return done(outs);
      }
    }
    let uncertain = false;
    for (let attempt = 1; ; attempt++) {
      let created: Monitor;
      try {
        created = await client.monitors.create(toCreateBody(inputs));
      } catch (err) {
        const taken = isNameTaken(err);
        const unknown = err instanceof UptimeError && err.outcomeUnknown;
        if (!taken && !unknown) throw err;
        uncertain ||= unknown;
        // A taken name is final unless an earlier store of ours may hold it (or adopt
        // allows taking whoever does: it was created since the adopt lookup).
        if (taken && !uncertain && !inputs.adopt) throw nameTakenError(who, inputs, err);
        // A monitor holds the name when the store says it is taken, even if a list that
        // lags the store (read-after-write.ts) does not show it yet: look until it does.
        const lookUp = () => client.monitors.findByName(inputs.name);
        const found = taken ? await findWithin(lookUp) : await lookUp();
        if (found) {
          const differs = inputs.adopt ? [] : differencesFromSent(found, inputs);
          if (differs.length) throw nameTakenError(who, inputs, err, { id: found.id, differs });
          return done(await converge(client, found, inputs, who, urn));
        }
        // Now known not to be stored, so sending it again cannot duplicate it.
        if (attempt >= CREATE_ATTEMPTS) {
          if (taken) throw nameTakenError(who, inputs, err);
          throw new UptimeResourceError(
            who,
            `${(err as Error).message} No monitor named "${inputs.name}" exists afterwards, so nothing was created; it is safe to run again.`,
            {},
            err,
          );
        }
        continue;
      }
      await noticeZoneMismatch(toCreateBody(inputs), created, MONITOR_TIMES, client.timeZone, who, urn);
      if (urn) monitorClaims.own({ urn, label: who }, created.id);
      // `paused` on create: the service stores monitors running, so pause in a second call.
      return done(inputs.paused ? await converge(client, created, inputs, who, urn) : toOutputs(inputs, created));
    }
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
  urn = resourceUrn(props),
): Promise<ReadResult<MonitorOutputs>> {
  const who = label(props, id);
  try {
    // A read right after this stack's write may come from before it: wait for one that is not.
    const live = isManagedState(props)
      ? await readNotOlder(
          who,
          `monitor ${id}`,
          deletedByThisProcess("monitor", id) ? {} : props,
          client.timeZone,
          () => fetch(Number(id)),
          () => client.monitors.get(Number(id)),
        )
      : await fetch(Number(id));
    if (isManagedState(props))
      await noticeZoneMismatchOnRead(props, fromApi(live), MONITOR_TIME_INPUTS, client.timeZone, who, urn);
    const other = urn ? monitorClaims.own({ urn, label: who }, live.id) : undefined;
    if (other) {
      await warnOnce(
        `shared-monitor-${live.id}`,
        `${who} and ${describe(other, { urn: urn!, label: who })} both manage monitor ${live.id} ` +
          `("${live.name}"): both write it and both would delete it. Remove one of them from the program; \`pulumi up\` then leaves the ` +
          "monitor to the other.",
        urn,
      );
    }
    const state: MonitorOutputs = {
      ...fromApi(live),
      ...undeclaredWindow(props, live),
      // Write-only: keep what was last written; the service never returns it.
      requestAuthPassword: props.requestAuthPassword,
      paused: props.paused === undefined ? undefined : live.status === "paused",
      adopt: props.adopt,
      adoptId: props.adoptId,
      [RESOURCE_NAME_KEY]: props[RESOURCE_NAME_KEY],
      [RESOURCE_URN_KEY]: props[RESOURCE_URN_KEY],
      // What check recorded of the program's headers: a refresh reads no program, so it keeps it.
      [PLAINTEXT_HEADERS_KEY]: props[PLAINTEXT_HEADERS_KEY],
    };
    const outs = dropUndefined(state);
    const inputs = Object.fromEntries(
      Object.entries(outs).filter(
        ([k]) =>
          (MONITOR_API_FIELDS as readonly string[]).includes(k) ||
          ["paused", "adopt", "adoptId", RESOURCE_NAME_KEY, RESOURCE_URN_KEY, PLAINTEXT_HEADERS_KEY].includes(k),
      ),
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

/**
 * The only-when-declared fields as a refresh records them: left out where the state does
 * not declare them (a window opened outside the program is not drift, as `paused` is not),
 * and "" where it declares one and the service holds none, so that the state still says
 * the program manages it. An import or `get` (no managed state) records what the service holds.
 */
function undeclaredWindow(props: Partial<MonitorOutputs>, live: Monitor): Partial<MonitorOutputs> {
  if (!isManagedState(props)) return {};
  const read = fromApi(live) as Partial<MonitorOutputs>;
  const undeclared = undeclaredFields(props);
  return Object.fromEntries(
    ONLY_WHEN_DECLARED.map((f) => [f, undeclared.has(f) ? undefined : (read[f] ?? "")]),
  ) as Partial<MonitorOutputs>;
}

/** True for a managed resource's state; `Monitor.get` reads with nothing but `__provider`. */
export function isManagedState(props: object): boolean {
  return Object.keys(props).some((k) => k !== "__provider");
}

/** Pulumi's `update`: send the changed fields (and `pause`), return the full outputs. */
export async function updateMonitor(
  client: UptimeClient,
  id: string,
  olds: MonitorOutputs,
  news: MonitorInputs,
  urn = resourceUrn(news),
): Promise<UpdateResult<MonitorOutputs>> {
  const inputs = stripInternal(news);
  const who = label(inputs, id);
  if (urn) monitorClaims.own({ urn, label: who }, Number(id));
  try {
    const changed = changedMonitorFields(olds, inputs);
    const pause = pauseChange(olds, inputs);
    const body = toUpdateBody(inputs, changed, pause);
    const live = await writeOrReadBack(who, "monitor", Number(id), olds, client.timeZone, client.monitors, body);
    await noticeZoneMismatch(body, live, MONITOR_TIMES, client.timeZone, who, urn);
    return { outs: toOutputs(inputs, live) };
  } catch (err) {
    throw updateFailure(who, "monitor", id, err);
  }
}

/**
 * Pulumi's `delete`: a monitor that is already gone is a success. A monitor another
 * resource of this run now manages (it adopted it, e.g. the same monitor under a renamed
 * resource) is left to that resource: deleting it would delete what that resource manages.
 */
export async function deleteMonitor(
  client: UptimeClient,
  id: string,
  props: Partial<MonitorOutputs> = {},
  urn = resourceUrn(props),
): Promise<void> {
  const other = urn ? monitorClaims.managedByAnother(urn, Number(id)) : undefined;
  if (other) {
    const who = label(props, id);
    await warnOnce(
      `handed-over-${id}`,
      `${who}: monitor ${id} was not deleted, because ${describe(other, { urn: urn!, label: who })} manages it now.`,
      urn,
    );
    return;
  }
  await deleteUnlessGone(label(props, id), () => client.monitors.delete(Number(id)));
  noteDeleted("monitor", id);
}
