/** Reading Pulumi URNs (`urn:pulumi:<stack>::<project>::<type>::<name>`). */

/** The logical name at the end of a URN (`…::uptime:index:Monitor::api` → `api`). */
export function urnName(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}
