/**
 * Property bags on the wire: protobuf `Struct`s whose values may be secret envelopes
 * (the engine sends them once the provider accepts secrets) or the unknown placeholder
 * (during preview). Incoming bags are unwrapped to plain values for the runtime, with a
 * note of which top-level properties held a secret; outgoing bags wrap those properties
 * and the schema's secret ones, so a value that went in secret never comes back plain.
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";

import { SECRET_SIG, SIG_KEY, secret } from "../runtime/secret-envelope";

export { secret };
const RESOURCE_REF_SIG = "5cf8f73096256a8f31e491e813e4eb8e";

/** A bag in the program's names, plain values only. */
export type Bag = Record<string, unknown>;

/** A bag read off the wire, and which of its top-level properties were (or held) secrets. */
interface Unwrapped {
  bag: Bag;
  secrets: Set<string>;
}

function isSpecial(v: unknown, sig: string): v is { value?: unknown; id?: unknown; urn?: unknown } {
  return typeof v === "object" && v !== null && !Array.isArray(v) && (v as Record<string, unknown>)[SIG_KEY] === sig;
}

/** A plain copy of `v`, calling `found()` when it meets a secret. */
function plain(v: unknown, found: () => void): unknown {
  if (isSpecial(v, SECRET_SIG)) {
    found();
    return plain(v.value, found);
  }
  // A resource reference stands for its id (or URN): no resource input takes one today.
  if (isSpecial(v, RESOURCE_REF_SIG)) return v.id ?? v.urn;
  if (Array.isArray(v)) return v.map((x) => plain(x, found));
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x, found)]));
  return v;
}

/** The plain bag of a `Struct` (an absent one reads as empty). */
export function fromStruct(s: Struct | undefined): Unwrapped {
  const secrets = new Set<string>();
  const raw = (s?.toJavaScript() ?? {}) as Bag;
  const bag: Bag = {};
  for (const [k, v] of Object.entries(raw)) bag[k] = plain(v, () => secrets.add(k));
  return { bag, secrets };
}

/** Values a `Struct` can hold: undefined dropped (in objects and lists alike). */
function wireable(v: unknown): unknown {
  if (Array.isArray(v)) return v.filter((x) => x !== undefined).map(wireable);
  if (v && typeof v === "object") {
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined)
        .map(([k, x]) => [k, wireable(x)]),
    );
  }
  return v;
}

/** A `Struct` of `bag`, with the properties named in `secrets` wrapped as secrets. */
export function toStruct(bag: Bag, secrets: Iterable<string> = []): Struct {
  const marked = new Set(secrets);
  const out: Bag = {};
  for (const [k, v] of Object.entries(bag)) {
    if (v === undefined) continue;
    out[k] = marked.has(k) && v !== null ? secret(wireable(v)) : wireable(v);
  }
  return Struct.fromJavaScript(out as Parameters<typeof Struct.fromJavaScript>[0]);
}
