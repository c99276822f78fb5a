/**
 * The flags `maintenance start` and `report` share: the selection (`--stack`, `--search`,
 * `--search-by`, `--name-prefix`) and the service's settings (`--base-url`, `--api-key`,
 * `--requests-per-minute`), each checked so that a message names the flag.
 */
import { baseUrlProblem } from "../client/client-options";
import { MONITOR_SEARCH_BY } from "../schemas/values";
import { numberOption, UsageError } from "../util/command-line";
import { isTimeZone } from "../util/time";
import type { Selection } from "../maintenance/select";

/** The settings flags' lines of a usage text. */
export const SETTINGS_HELP = `  --base-url URL        Service URL. Default: uptime:baseUrl, else UPTIME_BASE_URL.
  --api-key KEY         API key. Default: uptime:apiKey, else UPTIME_API_KEY (preferred:
                        a key on the command line is visible to other users).
  --requests-per-minute N
                        Pacing, 1 to 60,000. Default: uptime:requestsPerMinute, else
                        UPTIME_REQUESTS_PER_MINUTE, else not paced.`;

/** The selection flags' lines of a usage text. */
export const SELECTION_HELP = `  --stack NAME          The monitors the stack's state holds (run in the program's
                        directory); its provider's settings are used.
  --search TEXT         The service's own search: monitors whose name (or URL, with
                        --search-by url) contains TEXT.
  --search-by name|url  What --search looks in. Default name.
  --name-prefix PREFIX  Monitors whose name starts with PREFIX, exactly (a component's
                        \`selector\`).`;

/** The settings flags, as parseArgs takes them. */
export const SETTINGS_OPTIONS = {
  "base-url": { type: "string" },
  "api-key": { type: "string" },
  "requests-per-minute": { type: "string" },
} as const;

/** The selection flags, as parseArgs takes them. */
export const SELECTION_OPTIONS = {
  stack: { type: "string", short: "s" },
  search: { type: "string" },
  "search-by": { type: "string" },
  "name-prefix": { type: "string" },
} as const;

/** `v`, refused when given empty. */
export function nonEmpty(flag: string, v: string | undefined): string | undefined {
  if (v !== undefined && v.trim() === "") throw new UsageError(`--${flag} must not be empty`);
  return v;
}

/** The settings given as flags (not the setting they win over). */
export function settingFlags(values: { "base-url"?: string; "api-key"?: string; "requests-per-minute"?: string }) {
  const rpm = values["requests-per-minute"];
  const baseUrl = nonEmpty("base-url", values["base-url"]);
  const problem = baseUrl === undefined ? undefined : baseUrlProblem(baseUrl);
  if (problem) throw new UsageError(`--base-url ${problem}`);
  return {
    baseUrl,
    apiKey: nonEmpty("api-key", values["api-key"]),
    requestsPerMinute:
      rpm === undefined ? undefined : numberOption("requests-per-minute", rpm, 0, { min: 1, max: 60_000, whole: true }),
  };
}

/** The selectors given (none is none), and the stack named. */
export function selectionFlags(v: { stack?: string; search?: string; "search-by"?: string; "name-prefix"?: string }): {
  selection: Omit<Selection, "stackIds">;
  stack?: string;
} {
  const searchBy = v["search-by"];
  if (searchBy !== undefined && !(MONITOR_SEARCH_BY as readonly string[]).includes(searchBy))
    throw new UsageError(`--search-by must be ${MONITOR_SEARCH_BY.join(" or ")}; got ${JSON.stringify(searchBy)}`);
  if (searchBy !== undefined && v.search === undefined) throw new UsageError("--search-by needs --search");
  return {
    selection: {
      search: nonEmpty("search", v.search),
      searchBy: searchBy as Selection["searchBy"],
      namePrefix: nonEmpty("name-prefix", v["name-prefix"]),
    },
    stack: nonEmpty("stack", v.stack),
  };
}

/** `--time-zone`, refused when the runtime does not know it. */
export function timeZoneFlag(timeZone: string | undefined): string | undefined {
  if (timeZone !== undefined && !isTimeZone(timeZone))
    throw new UsageError(
      `--time-zone is not a known IANA time zone: ${JSON.stringify(timeZone)}; use a name such as Europe/Berlin, or UTC`,
    );
  return timeZone;
}
