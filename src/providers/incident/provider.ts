/** Create, read, update and delete for incidents. */
import type { CreateResult, ReadResult, UpdateResult } from "@pulumi/pulumi/dynamic";
import type { UptimeClient } from "../../client/client";
import { UptimeError, UptimeNotFoundError } from "../../client/errors";
import type { Incident } from "../../schemas";
import { CREATE_ATTEMPTS, isManagedState } from "../monitor/provider";
import { RESOURCE_NAME_KEY, stripInternal } from "../monitor/props";
import { sameDate } from "../normalize";
import { dropUndefined } from "../../util/objects";
import { resourceLabel, toResourceError, UptimeResourceError } from "../user-error";
import { changedIncidentFields, incidentReplaces } from "./diff";
import {
  INCIDENT_API_FIELDS, incidentFromApi, toIncidentCreateBody, toIncidentOutputs, toIncidentUpdateBody,
  type IncidentInputs, type IncidentOutputs,
} from "./props";

function label(props: Partial<IncidentInputs>, id?: string): string {
  return resourceLabel("Incident", props[RESOURCE_NAME_KEY], id);
}

/** Pulumi's `create`: store the incident; an unknown outcome is settled by looking it up. */
export async function createIncident(client: UptimeClient, news: IncidentInputs): Promise<CreateResult<IncidentOutputs>> {
  const inputs = stripInternal(news);
  const who = label(inputs);
  try {
    let created: Incident | undefined;
    for (let attempt = 1; !created; attempt++) {
      try {
        created = await client.incidents.create(toIncidentCreateBody(inputs));
      } catch (err) {
        if (!(err instanceof UptimeError && err.outcomeUnknown)) throw err;
        // A monitor's incidents never share a start time, so the start finds ours if it was stored.
        created = await findByStart(client, inputs);
        if (!created && attempt >= CREATE_ATTEMPTS) {
          throw new UptimeResourceError(who, `${err.message} No incident starting ${inputs.startedAt} exists afterwards, so nothing was created; it is safe to run again.`, {}, err);
        }
      }
    }
    const outs = toIncidentOutputs(inputs, created);
    return { id: String(outs.incidentId), outs };
  } catch (err) {
    throw toResourceError(who, err);
  }
}

async function findByStart(client: UptimeClient, inputs: IncidentInputs): Promise<Incident | undefined> {
  for await (const i of client.incidents.all({ monitor_id: inputs.monitorId, sort_by: "started_at" })) {
    if (sameDate(i.started_at, inputs.startedAt)) return i;
  }
  return undefined;
}

/** Pulumi's `read`: the live incident; gone reads as an empty id. */
export async function readIncident(client: UptimeClient, id: string, props: Partial<IncidentOutputs> = {}): Promise<ReadResult<IncidentOutputs>> {
  try {
    const live = incidentFromApi(await client.incidents.get(Number(id)));
    const outs = dropUndefined({ ...live, [RESOURCE_NAME_KEY]: props[RESOURCE_NAME_KEY] });
    const inputs = Object.fromEntries(
      Object.entries(outs).filter(([k]) => (INCIDENT_API_FIELDS as readonly string[]).includes(k) || k === RESOURCE_NAME_KEY),
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
export async function updateIncident(client: UptimeClient, id: string, olds: IncidentOutputs, news: IncidentInputs): Promise<UpdateResult<IncidentOutputs>> {
  const inputs = stripInternal(news);
  const who = label(inputs, id);
  try {
    const changed = changedIncidentFields(olds, inputs);
    const replaces = incidentReplaces(olds, changed);
    if (replaces.length) {
      // diff asks for a replacement here; reaching update means state and diff disagree.
      throw new UptimeResourceError(who, `cannot change ${replaces.join(", ")} in place: the service does not allow it`);
    }
    const body = toIncidentUpdateBody(inputs, changed);
    const live = Object.keys(body).length ? await client.incidents.update(Number(id), body) : await client.incidents.get(Number(id));
    return { outs: toIncidentOutputs(inputs, live) };
  } catch (err) {
    throw toResourceError(who, err);
  }
}

/** Pulumi's `delete`: an incident that is already gone is a success. */
export async function deleteIncident(client: UptimeClient, id: string, props: Partial<IncidentOutputs> = {}): Promise<void> {
  try {
    await client.incidents.delete(Number(id));
  } catch (err) {
    if (err instanceof UptimeNotFoundError) return;
    throw toResourceError(label(props, id), err);
  }
}
