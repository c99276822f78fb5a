/**
 * How a message names a resource: `Monitor "api"`, `Incident 42`. Its own module so
 * that `check` (and `pulumi-uptime test --file`, which validates with it) loads no client.
 */

/** `Monitor "api"`, else `Monitor 42`, else `Monitor`. */
export function resourceLabel(kind: "Monitor" | "Incident", name: unknown, id?: string | number): string {
  if (typeof name === "string" && name) return `${kind} "${name}"`;
  return id !== undefined && id !== "" ? `${kind} ${id}` : kind;
}
