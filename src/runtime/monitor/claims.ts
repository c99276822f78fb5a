/**
 * Two resources must never manage one monitor: both would write it, and both would delete
 * it. The engine runs every resource of a stack's run in one provider process (verified for
 * the dynamic-provider host: one process for a preview, another for the update that
 * follows, one for a destroy), so this process can see what the run's resources claim,
 * keyed by URN:
 *
 * - at `check`, each resource's declared name (compared as the service compares names) and
 *   its `adoptId`: a second resource declaring either fails at preview, naming the first;
 * - at `create`, `update` and `diff` (which sees the old outputs), the monitor id each
 *   resource manages: adopting a monitor another resource of the run manages fails (e.g.
 *   adopt by name and adoptId that turn out to be the same monitor: not knowable at check
 *   without a request, and check makes none);
 * - at `delete`, a monitor another resource of the run now manages (a resource renamed in
 *   one run, its replacement adopting the monitor) is left to that resource;
 * - at `read` (refresh), two resources reading one monitor are warned about.
 *
 * Names unknown during preview are skipped. Engine neutral: the doors pass the URN (the
 * dynamic door from the `__urn` input the resource classes add, a plugin from the request).
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { nameKey } from "../../util/monitor-names";
import { failure } from "../check-properties";

interface Claimant {
  urn: string;
  /** e.g. `Monitor "api"`. */
  label: string;
}

/** What the resources of this process's run claim. */
class MonitorClaims {
  private readonly names = new Map<string, Claimant & { name: string }>();
  private readonly adoptIds = new Map<number, Claimant>();
  private readonly ids = new Map<number, Claimant>();

  /**
   * Records what a resource declares and returns a failure for each claim another
   * resource of the run made first. A re-check of the same resource replaces its claims.
   */
  check(who: Claimant, declared: { name?: unknown; adoptId?: unknown }): CheckFailure[] {
    for (const map of [this.names, this.adoptIds] as Map<unknown, Claimant>[]) {
      for (const [k, c] of map) if (c.urn === who.urn) map.delete(k);
    }
    const out: CheckFailure[] = [];
    if (typeof declared.name === "string" && declared.name !== "") {
      const key = nameKey(declared.name);
      const first = this.names.get(key);
      if (first) {
        const same = first.name === declared.name ? "" : ` (as ${JSON.stringify(first.name)})`;
        out.push(
          failure(
            "name",
            `${JSON.stringify(declared.name)} is also declared by ${describe(first, who)}${same}; monitor names are ` +
              "unique per account (ignoring case and accents), so both resources would manage one monitor and both would delete it. " +
              "Declare each monitor once, or give each its own name.",
          ),
        );
      } else this.names.set(key, { ...who, name: declared.name });
    }
    if (typeof declared.adoptId === "number") {
      const first = this.adoptIds.get(declared.adoptId);
      if (first) {
        out.push(
          failure(
            "adoptId",
            `monitor ${declared.adoptId} is also adopted by ${describe(first, who)}; two resources must not ` +
              "manage one monitor (both would write it and both would delete it). Adopt it once.",
          ),
        );
      } else this.adoptIds.set(declared.adoptId, who);
    }
    return out;
  }

  /**
   * Records that the resource manages monitor `id`; returns the other resource of the run
   * that manages it already, if any (then the caller must not take it over).
   */
  own(who: Claimant, id: number): Claimant | undefined {
    const first = this.ids.get(id);
    if (first && first.urn !== who.urn) return first;
    this.ids.set(id, who);
    return undefined;
  }

  /** The other resource of the run that manages monitor `id`, if any. */
  managedByAnother(urn: string, id: number): Claimant | undefined {
    const c = this.ids.get(id);
    return c && c.urn !== urn ? c : undefined;
  }

  /** Forgets everything (tests). */
  clear(): void {
    this.names.clear();
    this.adoptIds.clear();
    this.ids.clear();
  }
}

/** `Monitor "api"`, with the URN when the two labels alone would read the same. */
export function describe(c: Claimant, other?: Claimant): string {
  return other && other.label === c.label ? `${c.label} (${c.urn})` : c.label;
}

/** The claims of this provider process. */
export const monitorClaims = new MonitorClaims();
