/**
 * Which service each uptime resource of a state belongs to, as far as the state says: a
 * plugin resource's provider names it in its inputs (an explicit provider's `baseUrl`, or the
 * default provider's from `uptime:baseUrl`); a dynamic resource records it in its outputs
 * (SERVICE_URL_KEY) from the release that added the record on, at each create and update.
 * None of it is secret, so it reads without a passphrase.
 */
import { SERVICE_URL_KEY } from "../runtime/keys";
import { PROVIDER_TYPE, typesOf } from "../schemas/type-tokens";
import type { StateResource } from "./state-resource";

const DYNAMIC_TYPES: ReadonlySet<string> = new Set([typesOf("Monitor")[1], typesOf("Incident")[1]]);

/**
 * A function giving each resource of `resources` its service URL, or undefined where the
 * state does not say: a plugin provider whose URL came from `UPTIME_BASE_URL` when it ran,
 * or a dynamic resource not created or updated since the record was added.
 */
export function serviceUrls(resources: readonly StateResource[]): (r: StateResource) => string | undefined {
  const byProvider = new Map<string, string>();
  for (const r of resources) {
    const url = r.type === PROVIDER_TYPE ? r.inputs?.baseUrl : undefined;
    if (typeof url === "string" && url && r.id) byProvider.set(`${r.urn}::${r.id}`, url);
  }
  return (r) => {
    if (DYNAMIC_TYPES.has(r.type)) {
      const recorded = r.outputs?.[SERVICE_URL_KEY];
      return typeof recorded === "string" && recorded ? recorded : undefined;
    }
    return byProvider.get(r.provider ?? "");
  };
}
