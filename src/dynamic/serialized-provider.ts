/**
 * `__provider` for each resource type: the shim serialized by Pulumi's own closure
 * serializer, as `pulumi.dynamic.Resource` would, once per process (the text never varies).
 */
import * as pulumi from "@pulumi/pulumi";
import { incidentShim, monitorShim } from "./shim";

const SHIMS = { monitor: monitorShim, incident: incidentShim } as const;
const cache = new Map<keyof typeof SHIMS, Promise<string>>();

/** The serialized shim of a resource type. */
export function serializedProvider(kind: keyof typeof SHIMS): Promise<string> {
  let text = cache.get(kind);
  if (!text) {
    text = pulumi.runtime.serializeFunction(SHIMS[kind]).then((f) => f.text);
    cache.set(kind, text);
  }
  return text;
}

/**
 * The type token of a dynamic resource: the `pulumi-nodejs` provider runs the serialized
 * shim, exactly as for `pulumi.dynamic.Resource`.
 */
export function dynamicType(type: "Monitor" | "Incident"): string {
  return `pulumi-nodejs:dynamic/uptime:${type}`;
}

/**
 * The URN the engine will give a resource, as a string or a plain promise: the `__urn` input of the
 * resource classes (see RESOURCE_URN_KEY). `pulumi.createUrn` returns an Output that depends
 * on the parent; used as an input, it would make the resource depend on its parent
 * component, which the SDK expands to all of the component's children, the resource
 * itself among them: two monitors in one component would wait for each other forever.
 * The promise carries the value without the dependency.
 */
export function urnOf(name: string, type: string, parent: pulumi.Resource | undefined): Promise<string> | string {
  // Without a parent the resource is a child of the stack, whose type the URN leaves out: the
  // URN is known now, with no Output to build.
  if (!parent) return `urn:pulumi:${pulumi.getStack()}::${pulumi.getProject()}::${type}::${name}`;
  return new Promise((resolve) => {
    pulumi.createUrn(name, type, parent).apply((urn) => resolve(urn));
  });
}
