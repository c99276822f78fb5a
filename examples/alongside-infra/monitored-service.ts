/**
 * A component for one service's monitoring: given the service's URL (typically another
 * resource's output), it declares the service's monitors as its children, so that they
 * are created, updated and deleted together with the infrastructure they watch.
 */
import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

/** Arguments of {@link MonitoredService}. */
export interface MonitoredServiceArgs {
    /** Display name, used in the monitors' names (which are unique per account). */
    displayName: string;
    /** Base URL of the service, e.g. `pulumi.interpolate\`https://${lb.dnsName}\``. */
    url: pulumi.Input<string>;
    /** Path of the health endpoint. Default `/healthz`. */
    healthPath?: string;
    /** Text the health endpoint returns when healthy. Default `ok`. */
    healthyText?: string;
    /** Check interval of the health check. Default 60 seconds. */
    interval?: uptime.Interval;
    /** Where alerts go. */
    alerts: uptime.AlertArgs[];
}

/** A service's monitors: availability of the front door, and the health endpoint's answer. */
export class MonitoredService extends pulumi.ComponentResource {
    /** Alerts when the service stops answering 2xx. */
    readonly availability: uptime.Monitor;
    /** Alerts when the health endpoint does not say the service is healthy. */
    readonly health: uptime.Monitor;
    /** The service's id of each monitor. */
    readonly monitorIds: pulumi.Output<{ availability: number; health: number }>;

    constructor(name: string, args: MonitoredServiceArgs, opts?: pulumi.ComponentResourceOptions) {
        super("examples:uptime:MonitoredService", name, {}, opts);
        const base = pulumi.output(args.url).apply((u) => u.replace(/\/+$/, ""));
        const child = { parent: this };

        // During a preview of the first `up` the URL is not known yet (the load balancer
        // does not exist): the monitors' check skips the unknown value instead of failing,
        // and validates everything else.
        this.availability = new uptime.Monitor(`${name}-availability`, {
            name: `${args.displayName}: availability`,
            url: base,
            interval: 60,
            sslAlertDays: 14,
            alerts: args.alerts,
        }, child);

        this.health = new uptime.Monitor(`${name}-health`, {
            name: `${args.displayName}: health`,
            url: pulumi.interpolate`${base}${args.healthPath ?? "/healthz"}`,
            interval: args.interval ?? 60,
            alertCondition: "url_no_text",
            alertTextLookup: args.healthyText ?? "ok",
            requestHeaders: [{ key: "Accept", value: "application/json" }],
            alerts: args.alerts,
        }, child);

        this.monitorIds = pulumi.output({ availability: this.availability.monitorId, health: this.health.monitorId });
        this.registerOutputs({ monitorIds: this.monitorIds });
    }
}
