/**
 * The engine's mark of a secret in a property bag (`sig.Secret`): an object holding the
 * value under this signature. A provider that says it accepts secrets receives and returns
 * them so; one that does not (the dynamic-provider host) may still return them from
 * `check`, and the engine keeps them secret.
 */

/** The key and value marking a special object in a property bag (`sig.Key`, `sig.Secret`). */
export const SIG_KEY = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** `value` as a secret envelope. */
export function secret(value: unknown): Record<string, unknown> {
  return { [SIG_KEY]: SECRET_SIG, value };
}

/** Whether `value` is a secret envelope. */
export function isSecretEnvelope(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
}

/**
 * Inputs as the engine sends them (secret envelopes in place) as plain values, unknowns kept
 * as the engine's placeholder, and the dotted paths that were secret.
 */
export function unwrapInputs(raw: unknown): { bag: Record<string, unknown>; secretPaths: Set<string> } {
  const secretPaths = new Set<string>();
  const walk = (v: unknown, path: string): unknown => {
    if (isSecretEnvelope(v)) {
      secretPaths.add(path);
      return walk((v as Record<string, unknown>).value, path);
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, path));
    if (v && typeof v === "object")
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, path ? `${path}.${k}` : k)]));
    return v;
  };
  const bag = walk(raw ?? {}, "") as Record<string, unknown>;
  return { bag, secretPaths };
}
