/** Create, read, update and delete for incidents. */
import type { CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import type { UptimeClient } from "../../client/client";
import { UptimeError, UptimeNotFoundError, UptimeValidationError } from "../../client/errors";
import type { Incident } from "../../schemas";
import { CREATE_ATTEMPTS, isManagedState } from "../monitor/monitor-lifecycle";
import { RESOURCE_NAME_KEY, RESOURCE_URN_KEY, resourceUrn, stripInternal } from "../keys";
import { sameDate } from "../comparison";
import { dropUndefined } from "../../util/objects";
import { noticeZoneMismatch, noticeZoneMismatchOnRead } from "../stored-times";
import { deleteUnlessGone, resourceLabel, toResourceError, updateFailure, UptimeResourceError } from "../user-errors";
import { changedIncidentFields, incidentReplaces } from "./diff-incident";
import { deletedByThisProcess, findWithin, noteDeleted, readNotOlder, writeOrReadBack } from "../read-after-write";
import {
  INCIDENT_API_FIELDS,
  PROGRAM_WROTE_KEY,
  incidentFromApi,
  toIncidentCreateBody,
  toIncidentOutputs,
  toIncidentUpdateBody,
  type IncidentInputs,
  type IncidentOutputs,
} from "./incident-props";

/** The local times an incident write sends (API names), compared with the answer (stored-times.ts). */
const INCIDENT_TIMES = ["started_at", "acknowledged_at", "ended_at"] as const;
/** The same in the program's names, compared on a refresh with what the state recorded. */
const INCIDENT_TIME_INPUTS = ["startedAt", "acknowledgedAt", "endedAt"] as const;

function label(props: Partial<IncidentInputs>, id?: string): string {
  return resourceLabel("Incident", props[RESOURCE_NAME_KEY], id);
}

/**
 * Pulumi's `create`: store the incident; an unknown outcome is settled by looking it up
 * (a monitor's incidents never share a start time, so the start finds ours if it was
 * stored). The store may still be in flight while the lookup runs: the retry is then
 * refused because of our own first store (the monitor's "ongoing incident", or a start
 * before that incident's end), so after an uncertain store a refusal means look again.
 * What the lookup finds is ours only if it is what this create sent.
 */
export async function createIncident(
  client: UptimeClient,
  news: IncidentInputs,
): Promise<CreateResult<IncidentOutputs>> {
  const inputs = stripInternal(news);
  const who = label(inputs);
  try {
    let created: Incident | undefined;
    let uncertain = false;
    for (let attempt = 1; !created; attempt++) {
      try {
        created = await client.incidents.create(toIncidentCreateBody(inputs));
        await noticeZoneMismatch(
          toIncidentCreateBody(inputs),
          created,
          INCIDENT_TIMES,
          client.timeZone,
          who,
          resourceUrn(news),
        );
      } catch (err) {
        const unknown = err instanceof UptimeError && err.outcomeUnknown;
        const refusedMonitor = err instanceof UptimeValidationError && "monitor_id" in err.fields;
        if (!unknown && !(uncertain && err instanceof UptimeValidationError)) {
          // Most likely an incident the service opened itself (its checker): say so.
          if (refusedMonitor) await explainOngoing(client, inputs, who, err);
          throw err;
        }
        uncertain = true;
        // A refusal after an uncertain store may be our own stored incident, which a list
        // that lags the store (read-after-write.ts) may not show yet: look until it does.
        const lookUp = () => findByStart(client, inputs);
        const found = unknown ? await lookUp() : await findWithin(lookUp);
        const differs = found ? changedIncidentFields(incidentFromApi(found), inputs) : [];
        if (found && differs.length === 0) created = found;
        else if (found) {
          // Two incidents of a monitor never share a start: ours was not stored.
          throw new UptimeResourceError(
            who,
            `an incident of monitor ${inputs.monitorId} starting ${inputs.startedAt} already exists (id ${found.id}) and it is not the one this create sent ` +
              `(${differs.join(", ")} differ${differs.length === 1 ? "s" : ""}), so nothing was stored. Remove it or declare another start.`,
            {},
            err,
          );
        } else if (!unknown) {
          // A refusal our own store does not explain.
          if (refusedMonitor) await explainOngoing(client, inputs, who, err);
          throw err;
        } else if (attempt >= CREATE_ATTEMPTS) {
          throw new UptimeResourceError(
            who,
            `${err.message} No incident starting ${inputs.startedAt} exists afterwards, so nothing was created; it is safe to run again.`,
            {},
            err,
          );
        }
      }
    }
    const outs = toIncidentOutputs(inputs, created);
    return { id: String(outs.incidentId), outs };
  } catch (err) {
    throw toResourceError(who, err);
  }
}

/**
 * A monitor holds one ongoing incident at a time, and the service opens one itself when a
 * check fails. When the store was refused over `monitor_id` and such an incident is
 * there, say so and what to do; otherwise leave the service's own message.
 */
async function explainOngoing(
  client: UptimeClient,
  inputs: IncidentInputs,
  who: string,
  err: UptimeValidationError,
): Promise<void> {
  let ongoing: Incident | undefined;
  try {
    for await (const i of client.incidents.all({ monitor_id: inputs.monitorId, sort_by: "started_at" })) {
      if (!i.ended_at) ongoing = i;
    }
  } catch {
    return;
  }
  if (!ongoing) return;
  const cause = ongoing.cause ? `, cause "${ongoing.cause}"` : "";
  throw new UptimeResourceError(
    who,
    `monitor ${inputs.monitorId} already has an ongoing incident (id ${ongoing.id}, started ${ongoing.started_at}${cause}), ` +
      "which this program did not declare: most likely the service opened it when a check failed. A monitor holds one ongoing incident " +
      "at a time, so the service refuses another, even one that has already ended. Run `pulumi up` again once that incident has ended " +
      `(the service ends it when the monitor recovers, or end it yourself: PATCH /api/v1/incidents/${ongoing.id} with ended_at). ` +
      `If it is the outage you meant to record, do not declare a new one: read it with \`getIncident({ incidentId: ${ongoing.id} })\` or \`Incident.get\`.`,
    { monitorId: ["already has an ongoing incident"] },
    err,
  );
}

async function findByStart(client: UptimeClient, inputs: IncidentInputs): Promise<Incident | undefined> {
  for await (const i of client.incidents.all({ monitor_id: inputs.monitorId, sort_by: "started_at" })) {
    if (sameDate(i.started_at, inputs.startedAt)) return i;
  }
  return undefined;
}

/** Pulumi's `read`: the live incident; gone reads as an empty id. */
export async function readIncident(
  client: UptimeClient,
  id: string,
  props: Partial<IncidentOutputs> = {},
): Promise<ReadResult<IncidentOutputs>> {
  try {
    const get = () => client.incidents.get(Number(id));
    // A read right after this stack's write may come from before it: wait for one that is not.
    const live = incidentFromApi(
      isManagedState(props)
        ? await readNotOlder(
            label(props, id),
            `incident ${id}`,
            deletedByThisProcess("incident", id) ? {} : props,
            client.timeZone,
            get,
          )
        : await get(),
    );
    if (isManagedState(props)) {
      await noticeZoneMismatchOnRead(
        props,
        live,
        INCIDENT_TIME_INPUTS,
        client.timeZone,
        label(props, id),
        resourceUrn(props),
      );
    }
    // What the program wrote stays known across a refresh: it decides what a later change may replace.
    const outs = dropUndefined({
      ...live,
      [RESOURCE_NAME_KEY]: props[RESOURCE_NAME_KEY],
      [RESOURCE_URN_KEY]: props[RESOURCE_URN_KEY],
      [PROGRAM_WROTE_KEY]: props[PROGRAM_WROTE_KEY],
    });
    const inputs = Object.fromEntries(
      Object.entries(outs).filter(
        ([k]) =>
          (INCIDENT_API_FIELDS as readonly string[]).includes(k) || k === RESOURCE_NAME_KEY || k === RESOURCE_URN_KEY,
      ),
    ) as unknown as IncidentOutputs;
    return { id: String(live.incidentId), props: outs, inputs };
  } catch (err) {
    if (err instanceof UptimeNotFoundError) {
      if (isManagedState(props)) return { id: "" };
      throw new UptimeResourceError(label(props, id), `no incident with id ${id} in this account`, {}, err);
    }
    throw toResourceError(label(props, id), err);
  }
}

/** Pulumi's `update`: only cause, comment and not-yet-set acknowledgedAt/endedAt change in place. */
export async function updateIncident(
  client: UptimeClient,
  id: string,
  olds: IncidentOutputs,
  news: IncidentInputs,
): Promise<UpdateResult<IncidentOutputs>> {
  const inputs = stripInternal(news);
  const who = label(inputs, id);
  try {
    const changed = changedIncidentFields(olds, inputs);
    const replaces = incidentReplaces(olds, changed);
    if (replaces.length) {
      // diff asks for a replacement here; reaching update means state and diff disagree.
      throw new UptimeResourceError(
        who,
        `cannot change ${replaces.join(", ")} in place: the service does not allow it`,
      );
    }
    const body = toIncidentUpdateBody(inputs, changed);
    const live = await writeOrReadBack(who, "incident", Number(id), olds, client.timeZone, client.incidents, body);
    await noticeZoneMismatch(body, live, INCIDENT_TIMES, client.timeZone, who, resourceUrn(news));
    return { outs: toIncidentOutputs(inputs, live, olds[PROGRAM_WROTE_KEY]) };
  } catch (err) {
    throw updateFailure(who, "incident", id, err);
  }
}

/** Pulumi's `delete`: an incident that is already gone is a success. */
export async function deleteIncident(
  client: UptimeClient,
  id: string,
  props: Partial<IncidentOutputs> = {},
): Promise<void> {
  await deleteUnlessGone(label(props, id), () => client.incidents.delete(Number(id)));
  noteDeleted("incident", id);
}
