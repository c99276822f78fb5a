/** A monitor as `pulumi-uptime test` reads it from its source, before its check. */

/** A monitor as a program, the monitors file or a stack's state declares it (`Monitor` argument names). */
export interface DeclaredMonitor {
  /** The Pulumi resource name, when there is one. */
  resourceName?: string;
  /** The monitor's arguments: `url`, `requestMethod`, `requestHeaders`, ... Values known here only. */
  args: Record<string, unknown>;
  /**
   * Argument names whose values are not known here (unknown until deploy, or a config
   * value not at hand), each with why. The check is skipped when it needs one of them.
   */
  unknown: Record<string, string>;
  /** Values that must never be printed: passwords, header values, config secrets. */
  secrets: string[];
}

/** The monitor's name as shown: `name`, else the resource name. */
export function displayName(m: DeclaredMonitor): string {
  const name = typeof m.args.name === "string" && !("name" in m.unknown) ? m.args.name : undefined;
  return name ?? m.resourceName ?? "(unnamed)";
}

/** Values the project treats as secret in a monitor's arguments: the password and header values. */
export function secretArgs(args: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (typeof args.requestAuthPassword === "string") out.push(args.requestAuthPassword);
  if (Array.isArray(args.requestHeaders)) {
    for (const h of args.requestHeaders as { value?: unknown }[]) if (typeof h?.value === "string") out.push(h.value);
  }
  return out;
}
