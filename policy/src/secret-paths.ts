/**
 * Which inputs the engine sent as secrets. The policy SDK unwraps secrets before a rule sees
 * the inputs, so this keeps, beside each set of inputs it deserializes, the wire form it came
 * from, where a secret is an object carrying Pulumi's secret signature.
 */
import { specialSecretSig as SECRET_SIG, specialSigKey as SIG_KEY } from "@pulumi/pulumi/runtime/rpc";
import { requireInSdk } from "./policy-sdk";
// The policy SDK's proxy hands back the object it wraps under this key.
const PROXY_TARGET = "__getSpecialProxyTarget";

/** Whether a wire value is a secret. */
function isSecretWire(value: unknown): value is { value: unknown } {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
}

/** Whether the value at `at` of a wire object is a secret or lies inside one. */
export function secretInWire(wire: unknown, at: readonly (string | number)[]): boolean {
  let node = wire;
  for (const step of at) {
    if (isSecretWire(node)) return true;
    if (typeof node !== "object" || node === null) return false;
    node = (node as Record<string | number, unknown>)[step];
  }
  return isSecretWire(node);
}

// The wire form is kept as the SDK's Struct and converted only when a rule asks (once).
const wireOf = new WeakMap<object, { toJavaScript(): unknown }>();
const wireJs = new WeakMap<object, unknown>();
// The SDK deserializes a resource's inputs again for every policy of the pack (and once more
// for Remediate), and the engine waits for each call: the rules only read the inputs, so one
// deserialization per Struct and mode serves them all.
// Indexed by the SDK's `proxySecrets` flag (Remediate's reading differs from Analyze's).
const deserialized = [new WeakMap<object, object>(), new WeakMap<object, object>()];
let installed = false;

/** Starts recording the wire form of every set of inputs the policy SDK deserializes. */
export function recordSecretMarks(): void {
  if (installed) return;
  installed = true;
  // The SDK calls this through its module object, so replacing the export reaches it.
  const deserialize = requireInSdk<{
    deserializeProperties: (struct: { toJavaScript(): unknown }, proxySecrets: boolean) => object;
  }>("./deserialize.js");
  const original = deserialize.deserializeProperties;
  deserialize.deserializeProperties = (struct, proxySecrets) => {
    const byStruct = deserialized[proxySecrets ? 1 : 0];
    const seen = byStruct.get(struct);
    if (seen) return seen;
    const props = original(struct, proxySecrets);
    wireOf.set(props, struct);
    byStruct.set(struct, props);
    return props;
  };
}

/** The object the policy SDK's proxy wraps (the deserialized inputs), or `props` itself. */
export function inputsOf(props: object): object {
  return ((props as Record<string, unknown>)[PROXY_TARGET] as object | undefined) ?? props;
}

/** Whether the value at `at` of a resource's inputs (as a rule got them) was sent as a secret. */
export function secretAt(props: object, at: readonly (string | number)[]): boolean {
  const struct = wireOf.get(inputsOf(props));
  if (!struct) return false;
  if (!wireJs.has(struct)) wireJs.set(struct, struct.toJavaScript());
  return secretInWire(wireJs.get(struct), at);
}
