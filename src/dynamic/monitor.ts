/** The `Monitor` resource: an uptime monitor declared in a Pulumi program. */
import * as pulumi from "@pulumi/pulumi";
import { dynamicType, resourceProps } from "./serialized-provider";
import { MONITOR_SECRET_FIELDS } from "../runtime/monitor/monitor-props";
import { PLAINTEXT_HEADERS_KEY } from "../runtime/keys";
import { plaintextHeaderOutputs } from "./plaintext-header-outputs";
import { MONITOR_FIELDS } from "../schemas/resources";
import { suspendDebugStacks } from "./debug-stacks";
import type { AlertArgs, MonitorArgs, MonitorOutputs, RequestHeaderArgs } from "./types.generated";

export type { AlertArgs, MonitorArgs, MonitorOutputs, RequestHeaderArgs };
export type {
  AlertChannel,
  AlertCondition,
  CacheBuster,
  ExpiryAlertDays,
  Interval,
  MonitorStatus,
  RequestMethod,
} from "./value-types";

// Every output is registered up front (as undefined) so that `Monitor.get` exposes them too:
// the monitor's fields, `paused` (echoed when managed) and what the service computes.
const OUTPUTS = [
  ...MONITOR_FIELDS.api,
  ...MONITOR_FIELDS.provider.filter((f) => !f.providerOnly),
  ...MONITOR_FIELDS.computed,
].map((f) => f.name);

/** A `Monitor`'s outputs, declared by the types generated from the schemas (types.generated.ts). */
// The outputs as properties without repeating each field; pulumi.CustomResource sets them.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- see above
export interface Monitor extends MonitorOutputs {}

/**
 * An uptime monitor. Declared fields are reconciled on every `up`; `refresh` records
 * changes made outside Pulumi; a monitor deleted outside Pulumi is created again.
 *
 * Configure the service with `pulumi config set uptime:baseUrl <url>` and
 * `pulumi config set --secret uptime:apiKey <key>` (or `UPTIME_BASE_URL` / `UPTIME_API_KEY`).
 *
 * @example
 * ```ts
 * const api = new uptime.Monitor("api", {
 *     name: "API health",
 *     url: "https://api.example.com/health",
 *     interval: 60,
 *     alerts: [{ key: "email", value: "ops@example.com" }],
 * });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs, declared by the interface above
export class Monitor extends pulumi.CustomResource {
  /**
   * Declares a monitor.
   * @param name The logical name of the resource in the program.
   * @param args The monitor's fields.
   * @param opts Resource options; `additionalSecretOutputs` always includes the secret fields.
   */
  constructor(name: string, args: MonitorArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = suspendDebugStacks();
    try {
      const props = resourceProps("Monitor", name, args, opts, OUTPUTS, MONITOR_SECRET_FIELDS);
      // Read before the secret wrap of resourceProps hides which values were plain.
      if (args) props[PLAINTEXT_HEADERS_KEY] = plaintextHeaderOutputs(args.requestHeaders);
      super(dynamicType("Monitor"), name, props, {
        ...opts,
        additionalSecretOutputs: [...new Set([...(opts?.additionalSecretOutputs ?? []), ...MONITOR_SECRET_FIELDS])],
      });
      // While previewing an update the engine hands a dynamic resource's new inputs back as
      // its outputs, so `monitorId` (computed by the service) would be unknown, and whatever is
      // built from it would preview as changing: an Incident's `monitorId` would show a
      // replacement that `up` never makes. The resource id is the monitor's id and stays known.
      const fromState = this.monitorId;
      (this as { monitorId: pulumi.Output<number> }).monitorId = this.id.apply((id) =>
        pulumi.output(/^\d+$/.test(id) ? Number(id) : fromState),
      );
    } finally {
      restoreStacks();
    }
  }

  /**
   * Reads an existing monitor by id without managing it: `pulumi destroy` leaves it alone.
   * @param name The logical name to give it in this program.
   * @param id The monitor's id in the service.
   * @param opts Resource options.
   */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Monitor {
    return new Monitor(name, undefined as unknown as MonitorArgs, { ...opts, id });
  }
}
