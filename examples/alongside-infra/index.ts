/**
 * Monitors beside the infrastructure they watch: each service's load balancer is created
 * here, and a `MonitoredService` component declares the service's monitors from the load
 * balancer's `dnsName` output. Change the infrastructure (say, move the shop to another
 * region) and the same `pulumi up` points the monitors at the new address, in place.
 */
import * as pulumi from "@pulumi/pulumi";
import type * as uptime from "pulumi-uptime";
import { FakeLoadBalancer } from "./fake-load-balancer";
import { MonitoredService } from "./monitored-service";

const config = new pulumi.Config();
const region = config.get("region") ?? "eu-west-1";
const alerts: uptime.AlertArgs[] = [{ key: "email", value: config.get("alertEmail") ?? "oncall@example.com" }];

// The shop: a load balancer, then its monitors from the load balancer's DNS name.
const shopLb = new FakeLoadBalancer("shop-lb", { serviceName: "shop", region });
const shop = new MonitoredService("shop", {
    displayName: "Alongside: shop",
    url: pulumi.interpolate`https://${shopLb.dnsName}`,
    alerts,
});

// The API: same component, its own health path and healthy text.
const apiLb = new FakeLoadBalancer("api-lb", { serviceName: "api", region });
const api = new MonitoredService("api", {
    displayName: "Alongside: API",
    url: pulumi.interpolate`https://${apiLb.dnsName}/v1`,
    healthPath: "/health",
    healthyText: "\"status\":\"up\"",
    interval: 180,
    alerts,
});

export const shopUrl = shop.availability.url;
export const apiHealthUrl = api.health.url;
export const monitorIds = { shop: shop.monitorIds, api: api.monitorIds };
