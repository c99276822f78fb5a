/**
 * A diff as the runtime computes it: which properties changed and which of those replace
 * the resource. Each front door reports it in its own terms: the dynamic provider host
 * takes only `changes` and `replaces`; the plugin also names every changed property.
 */
import type { DiffResult } from "@pulumi/pulumi/dynamic";

/** The changed input properties (program names) and the ones among them that force a replacement. */
export interface PropertyChanges {
  changed: string[];
  replaces: string[];
  /** Delete the old resource before creating its replacement. */
  deleteBeforeReplace: boolean;
}

/** The dynamic provider's `DiffResult`, which carries no property names. */
export function toDiffResult(c: PropertyChanges): DiffResult {
  return { changes: c.changed.length > 0, replaces: c.replaces, deleteBeforeReplace: c.deleteBeforeReplace };
}
