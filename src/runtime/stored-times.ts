/**
 * Noticing that `uptime:timeZone` is not the account's zone. The service reads the local
 * times it is sent (`Y-m-dTH:i:s`) in the ACCOUNT's zone; the provider writes and compares
 * them in the configured one. When the two differ, every date is stored at another
 * instant than meant, and every refresh shows the dates changing. The write's answer
 * shows it: the service returns a different instant than was sent. So does a refresh:
 * the service returns other instants than the state recorded, though nothing wrote the
 * record since. Said once per provider process (writes and refreshes together), with the fix.
 */
import { isLocalDateTime, localDateTimeToEpoch, formatOffset, zoneOffsetMs } from "../util/time";
import { CONFIG_KEYS, ENV_VARS } from "./config";
import { toCamel } from "../schemas/name-case";
import { warnOnce } from "./log";

/**
 * Compares the local times a write sent (`sent`, API field names) with those the service
 * returned (`stored`, already in `timeZone`), for `fields`; warns once when one differs.
 */
export async function noticeZoneMismatch(
  sent: Record<string, unknown>,
  stored: Record<string, unknown>,
  fields: readonly string[],
  timeZone: string,
  who: string,
  urn?: string,
): Promise<void> {
  for (const field of fields) {
    const s = sent[field];
    const r = stored[field];
    if (!isLocalDateTime(s) || !isLocalDateTime(r)) continue;
    const meant = localDateTimeToEpoch(s, timeZone);
    const got = localDateTimeToEpoch(r, timeZone);
    if (meant === got) continue;
    await warnZoneMismatch(
      timeZone,
      meant,
      got,
      `${who} sent ${toCamel(field)} ${s} and the service stored ${r} (in ${timeZone}), so its dates will show a change on every refresh`,
      urn,
    );
    return;
  }
}

/**
 * On a refresh: compares the local times the state recorded (`recorded`, program names)
 * with those the service returns now (`live`, in `timeZone`), for `fields`; warns once
 * when the zone, not an edit, moved them. That is when they moved by whole quarter-hours
 * (zone offsets differ by those; by date, across daylight saving) while `updatedAt` did
 * not move, or moved as a date did (the setting changed since it was recorded): nothing
 * wrote the record since. Without `updatedAt` on both sides an edit cannot be ruled out,
 * so no warning.
 */
export async function noticeZoneMismatchOnRead(
  recorded: object,
  live: object,
  fields: readonly string[],
  timeZone: string,
  who: string,
  urn?: string,
): Promise<void> {
  const [was, now] = [recorded as Record<string, unknown>, live as Record<string, unknown>];
  const moved = fields.flatMap((field) => {
    const r = was[field];
    const l = now[field];
    return isLocalDateTime(r) && isLocalDateTime(l) ? [{ field, r, l, by: wallShift(r, l) }] : [];
  });
  const first = moved.find((m) => m.by !== 0);
  if (!first || moved.some((m) => m.by % QUARTER_HOUR_MS !== 0)) return;
  const [ru, lu] = [was.updatedAt, now.updatedAt];
  if (!isLocalDateTime(ru) || !isLocalDateTime(lu)) return;
  const written = wallShift(ru, lu);
  if (written !== 0 && !moved.some((m) => m.by === written)) return;
  await warnZoneMismatch(
    timeZone,
    localDateTimeToEpoch(first.r, timeZone),
    localDateTimeToEpoch(first.l, timeZone),
    `${who} recorded ${first.field} ${first.r} and the service now returns ${first.l} (in ${timeZone}) though nothing wrote it since, so its dates show a change on every refresh`,
    urn,
  );
}

const QUARTER_HOUR_MS = 15 * 60_000;

/** How far apart two wall times are, in milliseconds. */
function wallShift(a: string, b: string): number {
  return localDateTimeToEpoch(a, "UTC") - localDateTimeToEpoch(b, "UTC");
}

/** The one warning: `meant` is the instant intended (read in `timeZone`), `got` the one the service holds. */
function warnZoneMismatch(
  timeZone: string,
  meant: number,
  got: number,
  what: string,
  urn: string | undefined,
): Promise<void> {
  // The service read the wall time meant with the account's offset: the difference is the offsets'.
  const accountOffset = zoneOffsetMs(meant, timeZone) + (meant - got);
  return warnOnce(
    "time-zone-mismatch",
    `${CONFIG_KEYS.timeZone} is ${timeZone}, but the service's account reads local times in another zone: ${what}. ` +
      `The account's zone is UTC${formatOffset(accountOffset)} at that date: set it with ` +
      `\`pulumi config set ${CONFIG_KEYS.timeZone} <the account's zone, e.g. Europe/Berlin>\` (or ${ENV_VARS.timeZone}), then run \`pulumi up\` (until it has run, a refresh still reads with the old setting).`,
    urn,
  );
}
