/**
 * `__provider` for each resource type: the shim serialized by Pulumi's own closure
 * serializer, as `pulumi.dynamic.Resource` would, once per process (the text never varies).
 */
import * as pulumi from "@pulumi/pulumi";
import { incidentShim, monitorShim } from "./shim";
import { RESOURCE_NAME_KEY, RESOURCE_URN_KEY } from "../runtime/keys";
import { dynamicType } from "../schemas/type-tokens";

const SHIMS = { monitor: monitorShim, incident: incidentShim } as const;
const cache = new Map<keyof typeof SHIMS, Promise<string>>();

/**
 * The serialized shim of a resource type.
 */
export function serializedProvider(kind: keyof typeof SHIMS): Promise<string> {
  let text = cache.get(kind);
  if (!text) {
    text = pulumi.runtime.serializeFunction(SHIMS[kind]).then((f) => f.text);
    cache.set(kind, text);
  }
  return text;
}

export { dynamicType };

/**
 * The URN the engine will give a resource, as a string or a plain promise: the `__urn` input of the
 * resource classes (see RESOURCE_URN_KEY). `pulumi.createUrn` returns an Output that depends
 * on the parent; used as an input, it would make the resource depend on its parent
 * component, which the SDK expands to all of the component's children, the resource
 * itself among them: two monitors in one component would wait for each other forever.
 * The promise carries the value without the dependency.
 */
function urnOf(name: string, type: string, parent: pulumi.Resource | undefined): Promise<string> | string {
  // Without a parent the resource is a child of the stack, whose type the URN leaves out: the
  // URN is known now, with no Output to build.
  if (!parent) return `urn:pulumi:${pulumi.getStack()}::${pulumi.getProject()}::${type}::${name}`;
  return new Promise((resolve) => {
    pulumi.createUrn(name, type, parent).apply((urn) => resolve(urn));
  });
}

/**
 * The properties a resource class registers, as `pulumi.dynamic.Resource` builds them but
 * with the serialized shim as `__provider`: every output up front (undefined) so that `get`
 * exposes them too; for a declared resource (`args` given) its args, with `secretFields`
 * wrapped as secrets (additionalSecretOutputs alone leaves the state's inputs in plaintext),
 * its name and its URN.
 */
export function resourceProps(
  type: "Monitor" | "Incident",
  name: string,
  args: object | undefined,
  opts: pulumi.CustomResourceOptions | undefined,
  outputs: readonly string[],
  secretFields: readonly string[] = [],
): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const out of outputs) props[out] = undefined;
  if (args) {
    Object.assign(props, args);
    for (const field of secretFields) {
      const value = (args as Record<string, unknown>)[field];
      if (value !== undefined) props[field] = pulumi.secret(value);
    }
    props[RESOURCE_NAME_KEY] = name;
    props[RESOURCE_URN_KEY] = urnOf(name, dynamicType(type), opts?.parent);
  }
  props.__provider = serializedProvider(type === "Monitor" ? "monitor" : "incident");
  return props;
}
