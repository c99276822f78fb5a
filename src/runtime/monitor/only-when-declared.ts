/**
 * Monitor fields managed only when the program declares them (the maintenance window), as
 * `paused` is: a window a deploy pipeline or a person opened on a monitor whose program
 * declares none must survive `up`, `refresh` and drift checks. The fields of a group the
 * service validates together (the window's start and end) are declared or not together.
 */
import { MONITOR_FIELDS } from "../../schemas/resources";
import { COUPLED_FIELDS, type MonitorApiField, type MonitorInputs } from "./monitor-props";

/** The writable fields marked `onlyWhenSet` in the schemas. */
export const ONLY_WHEN_DECLARED: readonly MonitorApiField[] = MONITOR_FIELDS.api
  .filter((f) => f.onlyWhenSet)
  .map((f) => f.name as MonitorApiField);

function groupOf(field: MonitorApiField): readonly MonitorApiField[] {
  return COUPLED_FIELDS.find((g) => g.includes(field)) ?? [field];
}

/** Whether `bag` declares `field` (or a field that travels with it); null counts as not declared. */
export function isDeclared(bag: Partial<MonitorInputs>, field: MonitorApiField): boolean {
  return groupOf(field).some((f) => bag[f] !== undefined && bag[f] !== null);
}

/** The only-when-declared fields `bag` leaves undeclared: the service's values of these are left alone. */
export function undeclaredFields(bag: Partial<MonitorInputs>): Set<MonitorApiField> {
  return new Set(ONLY_WHEN_DECLARED.filter((f) => !isDeclared(bag, f)));
}
