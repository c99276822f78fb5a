/**
 * Noticing that `uptime:timeZone` is not the account's zone. The service reads the local
 * times it is sent (`Y-m-dTH:i:s`) in the ACCOUNT's zone; the provider writes and compares
 * them in the configured one. When the two differ, every date is stored at another
 * instant than meant, and every refresh shows the dates changing. The write's answer
 * shows it: the service returns a different instant than was sent. Said once per
 * provider process, with the fix.
 */
import { isLocalDateTime, localDateTimeToEpoch, formatOffset, zoneOffsetMs } from "../util/time";
import { CONFIG_KEYS, ENV_VARS } from "./config";
import { toCamel } from "./field-names";
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
    if (typeof s !== "string" || typeof r !== "string" || !isLocalDateTime(s) || !isLocalDateTime(r) || s === r) continue;
    const meant = localDateTimeToEpoch(s, timeZone);
    const got = localDateTimeToEpoch(r, timeZone);
    if (meant === got) continue;
    // The service read the wall time `s` with the account's offset: the difference is the offsets'.
    const accountOffset = zoneOffsetMs(meant, timeZone) + (meant - got);
    await warnOnce(
      "time-zone-mismatch",
      `${CONFIG_KEYS.timeZone} is ${timeZone}, but the service's account reads local times in another zone: ${who} sent ` +
        `${toCamel(field)} ${s} and the service stored ${r} (in ${timeZone}), so its dates will show a change on every refresh. ` +
        `The account's zone is UTC${formatOffset(accountOffset)} at that date: set it with ` +
        `\`pulumi config set ${CONFIG_KEYS.timeZone} <the account's zone, e.g. Europe/Berlin>\` (or ${ENV_VARS.timeZone}), then run \`pulumi up\` (until it has run, a refresh still reads with the old setting).`,
      urn,
    );
    return;
  }
}
