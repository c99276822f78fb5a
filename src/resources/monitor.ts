/** The `Monitor` resource: an uptime monitor declared in a Pulumi program. */
import * as pulumi from "@pulumi/pulumi";
import type {
  ALERT_CHANNELS, ALERT_CONDITIONS, CACHE_BUSTER_VALUES, EXPIRY_ALERT_DAYS, INTERVALS, REQUEST_METHODS,
} from "../schemas/values";
import { dynamicType, serializedProvider, urnOf } from "../providers/serialized-provider";
import { MONITOR_SECRET_FIELDS, RESOURCE_NAME_KEY, RESOURCE_URN_KEY } from "../providers/monitor/props";
import { MONITOR_FIELDS } from "../schemas/resources";
import { suspendDebugStacks } from "./debug-stacks";

/** A check interval in seconds. */
export type Interval = (typeof INTERVALS)[number];
/** When a monitor alerts. */
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];
/** HTTP method of the check request. */
export type RequestMethod = (typeof REQUEST_METHODS)[number];
/** Days before expiry to alert. */
export type ExpiryAlertDays = (typeof EXPIRY_ALERT_DAYS)[number];
/** An alert channel. */
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
/** 0 (disabled) or 1 (enabled). */
export type CacheBuster = (typeof CACHE_BUSTER_VALUES)[number];

/** A header sent with each check request. */
export interface RequestHeaderArgs {
  /** Header name, 1 to 128 characters. Compared case-insensitively. */
  key: pulumi.Input<string>;
  /** Header value, 1 to 256 characters. */
  value: pulumi.Input<string>;
}

/** An alert channel of a monitor. */
export interface AlertArgs {
  /** Channel: `email`, `webhook`, `slack`, `teams`, `discord`, `flock`, `telegram` or `sms`. */
  key: pulumi.Input<AlertChannel>;
  /**
   * Destination for the channel: an email address (email, at most 256), a phone number of
   * digits with an optional leading `+` (sms, at most 16), `"BOT_TOKEN CHAT_ID"` (telegram,
   * at most 128), or an http(s) URL (webhook, slack, teams, discord, flock; at most 256).
   */
  value: pulumi.Input<string>;
}

/** The arguments of a `Monitor`. Every field updates in place; none replaces the monitor. */
export interface MonitorArgs {
  /** Name of the monitor, 1 to 128 characters, unique in the account. */
  name: pulumi.Input<string>;
  /** The http(s) URL to check, at most 2048 characters. Changing it keeps the monitor and its history. */
  url: pulumi.Input<string>;
  /** Check interval in seconds: 60, 180, 300, 600, 900, 1800 or 3600. */
  interval: pulumi.Input<Interval>;
  /**
   * When to alert: `url_unavailable` (the URL stops answering 2xx), `url_text` (the
   * response contains `alertTextLookup`) or `url_no_text` (it does not). Default `url_unavailable`.
   */
  alertCondition?: pulumi.Input<AlertCondition>;
  /** Text to look for, at most 255 characters; required when `alertCondition` is `url_text` or `url_no_text`. Case-sensitive. */
  alertTextLookup?: pulumi.Input<string>;
  /** HTTP method of the check: GET, POST, HEAD, PUT, DELETE, PATCH or OPTIONS. Default GET. */
  requestMethod?: pulumi.Input<RequestMethod>;
  /** Headers sent with each check, at most 100. Order does not matter. Secret in state. */
  requestHeaders?: pulumi.Input<pulumi.Input<RequestHeaderArgs>[]>;
  /** Basic-auth username of the check, at most 255; required with `requestAuthPassword`. */
  requestAuthUsername?: pulumi.Input<string>;
  /**
   * Basic-auth password of the check, at most 1024; required with `requestAuthUsername`.
   * Write-only: the service never returns it, so a change made outside Pulumi is not
   * detected. Secret in state.
   */
  requestAuthPassword?: pulumi.Input<string>;
  /** 1 adds a random query parameter to each check, defeating caches; 0 does not. Default 0. */
  cacheBuster?: pulumi.Input<CacheBuster>;
  /** Days before the SSL certificate expires to alert: 0, 1, 2, 3, 7, 14, 30 or 60; 0 disables. Default 0. */
  sslAlertDays?: pulumi.Input<ExpiryAlertDays>;
  /** Days before the domain name expires to alert: 0, 1, 2, 3, 7, 14, 30 or 60; 0 disables. Default 0. */
  domainAlertDays?: pulumi.Input<ExpiryAlertDays>;
  /** Start of the maintenance window, `Y-m-dTH:i:s` in the account's time zone; required with `maintenanceEndAt`. */
  maintenanceStartAt?: pulumi.Input<string>;
  /** End of the maintenance window, `Y-m-dTH:i:s`, after the start; required with `maintenanceStartAt`. */
  maintenanceEndAt?: pulumi.Input<string>;
  /** Alert channels, at most 100. Order does not matter. Secret in state (webhook URLs and tokens). */
  alerts?: pulumi.Input<pulumi.Input<AlertArgs>[]>;
  /**
   * Pause (`true`) or resume (`false`) checking. Managed only when set: when omitted,
   * Pulumi leaves the monitor's paused state alone, whoever changed it.
   */
  paused?: pulumi.Input<boolean>;
  /**
   * Take over the existing monitor with the same `name` instead of failing on the name's
   * uniqueness, and update it to the declared state. Creates it when none exists.
   * (`pulumi import` does not work for dynamic resources.)
   */
  adopt?: pulumi.Input<boolean>;
  /** Take over the existing monitor with this id and update it to the declared state. */
  adoptId?: pulumi.Input<number>;
}

// Every output is registered up front (as undefined) so that `Monitor.get` exposes them too:
// the monitor's fields, `paused` (echoed when managed) and what the service computes.
const OUTPUTS = [...MONITOR_FIELDS.api, ...MONITOR_FIELDS.provider.filter((f) => !f.providerOnly), ...MONITOR_FIELDS.computed].map((f) => f.name);

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
export class Monitor extends pulumi.CustomResource {
  /** The service's id of the monitor. */
  declare readonly monitorId: pulumi.Output<number>;
  /** `pending`, `online`, `offline`, `paused` or `maintenance`, as of the last write or refresh. */
  declare readonly status: pulumi.Output<string>;
  /** Name of the monitor. */
  declare readonly name: pulumi.Output<string>;
  /** The URL checked. */
  declare readonly url: pulumi.Output<string>;
  /** Check interval in seconds. */
  declare readonly interval: pulumi.Output<Interval>;
  /** When the monitor alerts. */
  declare readonly alertCondition: pulumi.Output<AlertCondition>;
  /** Text looked for, if any. */
  declare readonly alertTextLookup: pulumi.Output<string | undefined>;
  /** HTTP method of the check. */
  declare readonly requestMethod: pulumi.Output<RequestMethod>;
  /** Headers of the check (secret). */
  declare readonly requestHeaders: pulumi.Output<{ key: string; value: string }[]>;
  /** Basic-auth username, if any. */
  declare readonly requestAuthUsername: pulumi.Output<string | undefined>;
  /** Basic-auth password as last written (secret). */
  declare readonly requestAuthPassword: pulumi.Output<string | undefined>;
  /** 0 or 1. */
  declare readonly cacheBuster: pulumi.Output<CacheBuster>;
  /** Days before SSL expiry to alert. */
  declare readonly sslAlertDays: pulumi.Output<ExpiryAlertDays>;
  /** Days before domain expiry to alert. */
  declare readonly domainAlertDays: pulumi.Output<ExpiryAlertDays>;
  /** Start of the maintenance window, if any. */
  declare readonly maintenanceStartAt: pulumi.Output<string | undefined>;
  /** End of the maintenance window, if any. */
  declare readonly maintenanceEndAt: pulumi.Output<string | undefined>;
  /** Alert channels (secret). */
  declare readonly alerts: pulumi.Output<{ key: AlertChannel; value: string }[]>;
  /** Declared paused state, when managed. */
  declare readonly paused: pulumi.Output<boolean | undefined>;
  /** When the SSL certificate expires, if the service knows. */
  declare readonly sslEndsAt: pulumi.Output<string | null>;
  /** When the domain name expires, if the service knows. */
  declare readonly domainEndsAt: pulumi.Output<string | null>;
  /** When the monitor was created, `Y-m-dTH:i:s` in the account's time zone. */
  declare readonly createdAt: pulumi.Output<string | null>;
  /** When the monitor was last changed. */
  declare readonly updatedAt: pulumi.Output<string | null>;

  /**
   * Declares a monitor.
   * @param name The logical name of the resource in the program.
   * @param args The monitor's fields.
   * @param opts Resource options; `additionalSecretOutputs` always includes the secret fields.
   */
  constructor(name: string, args: MonitorArgs, opts?: pulumi.CustomResourceOptions) {
    const restoreStacks = suspendDebugStacks();
    try {
      const props: Record<string, unknown> = {};
      for (const out of OUTPUTS) props[out] = undefined;
      if (args) {
        Object.assign(props, args);
        // Secret as inputs too: additionalSecretOutputs alone leaves the state's inputs in plaintext.
        for (const field of MONITOR_SECRET_FIELDS) {
          const value = (args as unknown as Record<string, unknown>)[field];
          if (value !== undefined) props[field] = pulumi.secret(value);
        }
        props[RESOURCE_NAME_KEY] = name;
        props[RESOURCE_URN_KEY] = urnOf(name, dynamicType("Monitor"), opts?.parent);
      }
      // What pulumi.dynamic.Resource does, with the tiny shim instead of a serialized object.
      props.__provider = serializedProvider("monitor");
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
