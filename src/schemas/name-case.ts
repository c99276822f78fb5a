/**
 * Property names: the API speaks snake_case, Pulumi programs camelCase. The mapping is
 * mechanical, so one pair of functions serves every field and every error path.
 */

/** `alert_text_lookup` → `alertTextLookup`, as a type. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** `alert_text_lookup` → `alertTextLookup`. */
export function toCamel<S extends string>(name: S): CamelCase<S> {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) as CamelCase<S>;
}

const snakes = new Map<string, string>();

/** `alertTextLookup` → `alert_text_lookup`. Remembered: a check asks for the same few names for every resource. */
export function toSnake(name: string): string {
  let snake = snakes.get(name);
  if (snake === undefined) {
    snake = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (snakes.size < 1000) snakes.set(name, snake);
  }
  return snake;
}

/** `requestHeaders` → `RequestHeaders`: Go's exported names, the SDKs' type names. */
export function toPascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** `["alerts", 0, "value"]` → `alerts[0].value`, with camelCase names. */
export function propertyPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += (out ? "." : "") + toCamel(String(part));
  }
  return out;
}
