/**
 * Keys every door adds to a resource's inputs beside its fields, and reads back: the
 * resource classes (dynamic door) set them in the program, the plugin sets them from the
 * engine's request. They are passed through `check` untouched and never sent to the service.
 */

/** The resource's logical name, for error messages. */
export const RESOURCE_NAME_KEY = "__resourceName";

/**
 * The resource's URN, which identifies it to the checks that span resources (two resources
 * of a run claiming one monitor: monitor/claims.ts) and places its warnings. The dynamic
 * provider host does not pass the engine's URN on; a provider plugin gets it with each
 * request instead.
 */
export const RESOURCE_URN_KEY = "__urn";

/**
 * The names (never the values) of the request headers whose value the program sent as a
 * plain string, not a secret. Both doors keep every header value secret from `check` on, so
 * the engine hands a policy pack the headers as secrets whatever the program did: this list,
 * not secret itself, is what tells the pack (policy/) that a credential sits in plaintext in
 * the program or its config. The plugin fills it from the request's secret marks; the
 * dynamic resources, whose provider host receives no secret marks, from the program's values.
 * One underscore, not two: the engine drops `__` keys from what it hands a policy pack.
 */
export const PLAINTEXT_HEADERS_KEY = "_plaintextHeaders";

/**
 * The service a dynamic resource was last created or updated on: its base URL without
 * credentials, query or fragment (service-url.ts). An output only, added by the dynamic door
 * after each write and kept by read: the dynamic provider's settings are the stack's config,
 * which a state does not hold, so this is what tells `pulumi-uptime audit` which account the
 * resource's id belongs to. Never compared by diff, so a state from before it previews no change.
 */
export const SERVICE_URL_KEY = "_serviceUrl";

/** Keys the doors add to the inputs, passed through `check` untouched. */
export const INTERNAL_KEYS = [RESOURCE_NAME_KEY, RESOURCE_URN_KEY, PLAINTEXT_HEADERS_KEY] as const;

/** The resource's URN from its inputs or state, when the door recorded it. */
export function resourceUrn(bag: object | undefined): string | undefined {
  const v = (bag as Record<string, unknown> | undefined)?.[RESOURCE_URN_KEY];
  return typeof v === "string" && v.startsWith("urn:") ? v : undefined;
}

/** Inputs without the engine's own key (`__provider`, which the dynamic door stores). */
export function stripInternal<T extends object>(inputs: T): T {
  const { __provider, ...rest } = inputs as T & { __provider?: unknown };
  void __provider;
  return rest as T;
}

/**
 * Outputs after a write: the declared inputs echoed (without the engine's key), plus the
 * `computed` fields, in that order, as the service returned them in `live`.
 */
export function echoedWithComputed<O extends object>(inputs: object, live: Partial<O>, computed: readonly string[]): O {
  const outs: Record<string, unknown> = { ...stripInternal(inputs) };
  for (const name of computed) outs[name] = live[name as keyof O];
  return outs as O;
}
