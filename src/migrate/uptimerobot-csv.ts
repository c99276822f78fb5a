/**
 * `--from uptimerobot-csv`: UptimeRobot's CSV export of monitors. UptimeRobot does not
 * publish the export's columns, so the file is read by its header: the columns below,
 * matched without regard to case, spaces or punctuation, in any order; a filled column that
 * none of them names is reported.
 * Friendly Name, URL and Type are required. The export holds no alert contacts and no
 * passwords, so none are carried (the report says so).
 */
import { parseCsv } from "./csv";
import { type FieldTable, ignored, mapped, SHARED_RULES } from "./field-tables";
import { MigrateInputError, num, type SourceMonitor, type SourceRead } from "./source";

const VENDOR = "UptimeRobot";
const DEFAULT_INTERVAL = 300;

/** Column names (normalised) by the field they fill. */
const COLUMNS = {
  name: ["friendlyname", "name", "monitorname"],
  url: ["url", "urlip", "monitorurl"],
  type: ["type", "monitortype"],
  interval: ["interval", "intervalseconds", "monitoringinterval"],
  keywordType: ["keywordtype"],
  keywordValue: ["keywordvalue", "keyword"],
  method: ["httpmethod", "method"],
  username: ["httpusername", "username"],
  status: ["status"],
} as const;
const REQUIRED = { name: "Friendly Name", url: "URL", type: "Type" } as const;

const PORT_KINDS = "port monitors only, which are not mapped";

/**
 * The export's columns as UptimeRobot names them (matched without regard to case, spaces
 * or punctuation, with the other names in COLUMNS), with what each becomes. A column no
 * entry names is reported when a row fills it.
 */
export const UPTIMEROBOT_CSV_COLUMNS: FieldTable = {
  "Monitor ID": ignored("UptimeRobot's id; the service assigns its own"),
  "Friendly Name": mapped("`name` (the URL when empty)"),
  URL: SHARED_RULES.url,
  Type: mapped("HTTP(s) and keyword monitors are mapped; the other kinds are not"),
  "Sub Type": ignored(PORT_KINDS),
  Port: ignored(PORT_KINDS),
  Interval: SHARED_RULES.interval,
  "Keyword Type": mapped("`alertCondition`: exists → `url_text`, not exists → `url_no_text`"),
  "Keyword Value": mapped("`alertTextLookup`"),
  "HTTP Method": SHARED_RULES.method,
  "HTTP Username": mapped("`requestAuthUsername`; the export holds no password (a config key)"),
  Status: mapped("`paused` when Paused; the other states are UptimeRobot's findings"),
};

const norm = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Every column name the reader knows, normalised: the table's and the other names it reads. */
const KNOWN = new Set([...Object.keys(UPTIMEROBOT_CSV_COLUMNS).map(norm), ...Object.values(COLUMNS).flat()]);

/** UptimeRobot's monitor types, by name or by the API's number. */
function kindOf(type: string): string {
  const t = norm(type);
  const byNumber: Record<string, string> = { "1": "http", "2": "keyword", "3": "ping", "4": "port", "5": "heartbeat" };
  if (byNumber[t]) return byNumber[t];
  if (t.startsWith("http")) return "http";
  return t || "unknown";
}

/** Reads the monitors of an UptimeRobot CSV export. */
export function readUptimeRobotCsv(text: string, file: string): SourceRead {
  const records = parseCsv(text, file);
  if (records.length === 0) throw new MigrateInputError(file, "line 1", "expected a header line naming the columns");
  const [header, ...rows] = records;
  const names = header.fields.map(norm);
  const col = Object.fromEntries(
    Object.entries(COLUMNS).map(([field, aliases]) => [
      field,
      names.findIndex((n) => (aliases as readonly string[]).includes(n)),
    ]),
  ) as Record<keyof typeof COLUMNS, number>;
  // Columns neither read nor classified: a row that fills one is reported.
  const unknown = header.fields.flatMap((h, i) => (KNOWN.has(norm(h)) ? [] : [i]));
  const missing = (Object.keys(REQUIRED) as (keyof typeof REQUIRED)[]).filter((f) => col[f] < 0);
  if (missing.length)
    throw new MigrateInputError(
      file,
      `line ${header.line}`,
      `expected the columns ${Object.values(REQUIRED).join(", ")}; missing ${missing.map((f) => REQUIRED[f]).join(", ")}`,
    );
  const monitors = rows.map((r): SourceMonitor => {
    if (r.fields.length !== header.fields.length)
      throw new MigrateInputError(
        file,
        `line ${r.line}`,
        `expected ${header.fields.length} fields as in the header; got ${r.fields.length}`,
      );
    const get = (f: keyof typeof COLUMNS) => (col[f] >= 0 ? r.fields[col[f]].trim() : "");
    const kind = kindOf(get("type"));
    const intervalText = get("interval");
    const interval = intervalText === "" ? DEFAULT_INTERVAL : num(intervalText);
    if (interval === undefined)
      throw new MigrateInputError(file, `line ${r.line}`, `expected Interval to be a number of seconds`);
    const keywordType = norm(get("keywordType"));
    return {
      ref: `line ${r.line}`,
      vendor: VENDOR,
      kind,
      http: kind === "http" || kind === "keyword",
      name: get("name") || get("url"),
      url: get("url") || undefined,
      intervalSeconds: interval,
      keyword:
        kind === "keyword" && get("keywordValue")
          ? {
              text: get("keywordValue"),
              alertWhen: keywordType.includes("not") || keywordType === "2" ? "absent" : "present",
            }
          : undefined,
      method: get("method").toUpperCase() || undefined,
      auth: get("username") ? { scheme: "basic", username: get("username") } : undefined,
      paused: ["paused", "0"].includes(norm(get("status"))),
      contacts: [],
      dropped: unknown
        .filter((i) => r.fields[i].trim() !== "")
        .map(
          (i) =>
            `column ${JSON.stringify(header.fields[i])} is filled but this migration does not know it: not carried; check what it does at ${VENDOR}`,
        ),
    };
  });
  return { monitors, others: [] };
}
