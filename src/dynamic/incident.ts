/** The `Incident` resource: a recorded period during which a monitor was in trouble. */
import * as pulumi from "@pulumi/pulumi";
import { dynamicType, resourceProps } from "./serialized-provider";
import { suspendDebugStacks } from "./debug-stacks";
import { INCIDENT_FIELDS } from "../schemas/resources";
import type { IncidentArgs, IncidentOutputs } from "./types.generated";

export type { IncidentArgs, IncidentOutputs };
export type { IncidentStatus } from "./value-types";

// Every output is registered up front (as undefined) so that `Incident.get` exposes them too.
const OUTPUTS = [...INCIDENT_FIELDS.api, ...INCIDENT_FIELDS.computed].map((f) => f.name);

/** An `Incident`'s outputs, declared by the types generated from the schemas (types.generated.ts). */
// The outputs as properties without repeating each field; pulumi.CustomResource sets them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- see above
export interface Incident extends IncidentOutputs {}

/**
 * An incident of a monitor. Its status is derived by the service: `resolved` once
 * `endedAt` is set, else `acknowledged` once `acknowledgedAt` is set, else `unresolved`.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs, declared by the interface above
export class Incident extends pulumi.CustomResource {
  /**
   * Declares an incident.
   * @param name The logical name of the resource in the program.
   * @param args The incident's fields.
   * @param opts Resource options.
   */
  constructor(name: string, args: IncidentArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = suspendDebugStacks();
    try {
      super(dynamicType("Incident"), name, resourceProps("Incident", name, args, opts, OUTPUTS), opts);
    } finally {
      restoreStacks();
    }
  }

  /**
   * Reads an existing incident by id without managing it.
   * @param name The logical name to give it in this program.
   * @param id The incident's id in the service.
   * @param opts Resource options.
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Incident {
    return new Incident(name, undefined as unknown as IncidentArgs, { ...opts, id });
  }
}
