/** A resource instance of a Terraform state, as the providers' readers take it. */
import type { SourceOther } from "./source";

/** One managed resource instance of the state. */
export interface TfResource {
  /** `uptimerobot_monitor`. */
  type: string;
  /** `module.x.uptimerobot_monitor.api["eu"]`. */
  address: string;
  /** The JSON path of its attributes in the file. */
  ref: string;
  attrs: Record<string, unknown>;
}

/** A resource the service has no equivalent for, as the report lists it. */
export function otherOf(
  r: TfResource,
  vendor: string,
  kind: string,
  name: string | undefined,
  why: string,
): SourceOther {
  return { ref: `${r.ref} (${r.address})`, vendor, kind, name: name ?? r.address, why };
}
