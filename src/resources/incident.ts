/** The `Incident` resource: a recorded period during which a monitor was in trouble. */
import * as pulumi from "@pulumi/pulumi";
import { dynamicType, serializedProvider, urnOf } from "../providers/serialized-provider";
import { suspendDebugStacks } from "./debug-stacks";
import { RESOURCE_NAME_KEY, RESOURCE_URN_KEY } from "../providers/monitor/props";
import { INCIDENT_FIELDS } from "../schemas/resources";

/** The arguments of an `Incident`. */
export interface IncidentArgs {
  /** Id of the monitor (for example `monitor.monitorId`). Changing it replaces the incident. */
  monitorId: pulumi.Input<number>;
  /**
   * When it started, `Y-m-dTH:i:s` in the account's time zone; not in the future, and after
   * the monitor's previous incident ended. Changing it replaces the incident.
   */
  startedAt: pulumi.Input<string>;
  /**
   * When it was acknowledged, `Y-m-dTH:i:s`. The service writes it once (the first value
   * wins): setting it on an incident without one updates in place; changing a value this
   * program wrote replaces the incident. A value the service holds that the program did
   * not write (someone acknowledged it first) is left alone, and so is an omitted one.
   */
  acknowledgedAt?: pulumi.Input<string>;
  /**
   * When it ended, `Y-m-dTH:i:s`, after `startedAt` and not in the future. Written once, as
   * `acknowledgedAt`; the service also ends an incident itself when its monitor recovers,
   * and that end is left alone. A monitor holds one ongoing (unended) incident at a time.
   */
  endedAt?: pulumi.Input<string>;
  /** Cause, at most 255 characters. Updates in place. */
  cause?: pulumi.Input<string>;
  /** Comment, at most 1024 characters. Updates in place. */
  comment?: pulumi.Input<string>;
}

// Every output is registered up front (as undefined) so that `Incident.get` exposes them too.
const OUTPUTS = [...INCIDENT_FIELDS.api, ...INCIDENT_FIELDS.computed].map((f) => f.name);

/**
 * An incident of a monitor. Its status is derived by the service: `resolved` once
 * `endedAt` is set, else `acknowledged` once `acknowledgedAt` is set, else `unresolved`.
 */
export class Incident extends pulumi.CustomResource {
  /** The service's id of the incident. */
  declare readonly incidentId: pulumi.Output<number>;
  /** `unresolved`, `acknowledged` or `resolved`. */
  declare readonly status: pulumi.Output<string>;
  /** Id of the monitor. */
  declare readonly monitorId: pulumi.Output<number>;
  /** When it started. */
  declare readonly startedAt: pulumi.Output<string>;
  /** When it was acknowledged, if it was. */
  declare readonly acknowledgedAt: pulumi.Output<string | undefined>;
  /** When it ended, if it has. */
  declare readonly endedAt: pulumi.Output<string | undefined>;
  /** Cause, if any. */
  declare readonly cause: pulumi.Output<string | undefined>;
  /** Comment, if any. */
  declare readonly comment: pulumi.Output<string | undefined>;
  /** When the record was created, `Y-m-dTH:i:s` in the account's time zone. */
  declare readonly createdAt: pulumi.Output<string | null>;
  /** When the record was last changed. */
  declare readonly updatedAt: pulumi.Output<string | null>;

  /**
   * Declares an incident.
   * @param name The logical name of the resource in the program.
   * @param args The incident's fields.
   * @param opts Resource options.
   */
  constructor(name: string, args: IncidentArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = suspendDebugStacks();
    try {
      const props: Record<string, unknown> = {};
      for (const out of OUTPUTS) props[out] = undefined;
      if (args) {
        Object.assign(props, args);
        props[RESOURCE_NAME_KEY] = name;
        props[RESOURCE_URN_KEY] = urnOf(name, dynamicType("Incident"), opts?.parent);
      }
      // What pulumi.dynamic.Resource does, with the tiny shim instead of a serialized object.
      props.__provider = serializedProvider("incident");
      super(dynamicType("Incident"), name, props, opts);
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
