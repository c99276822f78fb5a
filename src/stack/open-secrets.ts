/**
 * Secret values of a state or a plan, opened in memory: the engine writes each as an
 * envelope (`sig.Secret`) holding the plain value when asked to show secrets. Every string
 * that was inside one is collected, so the caller can keep it from ever being printed.
 */
import { SECRET_SIG, SIG_KEY } from "../runtime/secret-envelope";

/** The engine's stand-in for a value unknown until deploy (a preview's plan holds it). */
const UNKNOWN_VALUE = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/**
 * `value` with its secret envelopes opened: `secrets` collects every string that was inside
 * one, `unknown` is set when the value holds the engine's unknown.
 */
export function openSecrets(value: unknown, secrets: string[]): { value: unknown; unknown: boolean } {
  let unknown = false;
  const walk = (v: unknown, secret: boolean): unknown => {
    if (typeof v === "string") {
      if (v === UNKNOWN_VALUE) unknown = true;
      if (secret) secrets.push(v);
      return v;
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, secret));
    if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (o[SIG_KEY] === SECRET_SIG) {
        const inner =
          "plaintext" in o && typeof o.plaintext === "string" ? (JSON.parse(o.plaintext) as unknown) : o.value;
        return walk(inner, true);
      }
      return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, walk(x, secret)]));
    }
    return v;
  };
  return { value: walk(value, false), unknown };
}
