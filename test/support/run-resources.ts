/**
 * Monitors as the resources of one run hand them to the provider: with the resource's name
 * and URN, which the claims between resources (src/runtime/monitor/claims.ts) are keyed by.
 */
import { RESOURCE_NAME_KEY, RESOURCE_URN_KEY } from "../../src/runtime/keys";

/** The URN the engine gives a dynamic monitor resource named `resource`. */
export function monitorUrn(resource: string): string {
  return `urn:pulumi:dev::proj::pulumi-nodejs:dynamic/uptime:Monitor::${resource}`;
}

/** A monitor's inputs, as resource `resource` declares them: `fields` over a minimal monitor. */
export function runMonitor(resource: string, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    url: "https://claims.example.com",
    interval: 60,
    ...fields,
    [RESOURCE_NAME_KEY]: resource,
    [RESOURCE_URN_KEY]: monitorUrn(resource),
  };
}
