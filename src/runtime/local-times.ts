/**
 * Local times the account's zone does not have. A wall time inside a daylight-saving gap
 * (clocks skip 02:00 → 03:00) never happens: the service stores the time after the gap,
 * so the declared value and the stored one differ on every refresh. `check` refuses it,
 * naming the property and what the service would store instead.
 */
import type { CheckFailure } from "@pulumi/pulumi/dynamic";
import { existsInZone, formatLocalDateTime, isLocalDateTime, isTimeZone, localDateTimeToEpoch } from "../util/time";
import { failure } from "./check-properties";

/** A failure for each of `properties` whose value does not exist in `timeZone`. */
export function nonexistentLocalTimes(
  inputs: Record<string, unknown>,
  properties: readonly string[],
  timeZone: string,
): CheckFailure[] {
  // An unknown zone is the configuration's problem, reported there.
  if (!isTimeZone(timeZone)) return [];
  const out: CheckFailure[] = [];
  for (const key of properties) {
    const v = inputs[key];
    if (!isLocalDateTime(v) || existsInZone(v, timeZone)) continue;
    const stored = formatLocalDateTime(localDateTimeToEpoch(v, timeZone), timeZone);
    out.push(
      failure(
        key,
        `${v} does not exist in time zone ${timeZone} (uptime:timeZone): the clocks skip it for daylight saving time. ` +
          `The service would store ${stored} instead and every refresh would show a change; declare a time outside the gap, such as ${stored}`,
      ),
    );
  }
  return out;
}
