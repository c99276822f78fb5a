/**
 * Each reader's table of its source's fields is the one docs/migrating-from-another-vendor.md
 * lists (field and outcome), and a reader reads no field its table leaves out: a field
 * nobody classified fails here. What a reader reads is recorded by handing it the fixtures'
 * monitors behind a proxy that notes every property it asks for, present or not.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FieldTable } from "../../src/migrate/field-tables";
import { KUMA_BACKUP_MONITOR_FIELDS, readKumaBackup } from "../../src/migrate/kuma-backup";
import { BETTERSTACK_MONITOR_FIELDS, readBetterUptime } from "../../src/migrate/terraform-betteruptime";
import type { TfResource } from "../../src/migrate/terraform-resource";
import { readUptimeKuma, UPTIMEKUMA_MONITOR_FIELDS } from "../../src/migrate/terraform-uptimekuma";
import { readUptimeRobot, UPTIMEROBOT_MONITOR_FIELDS } from "../../src/migrate/terraform-uptimerobot";
import { readUptimeRobotCsv, UPTIMEROBOT_CSV_COLUMNS } from "../../src/migrate/uptimerobot-csv";
import { REPO } from "../support/repo-root";
import { fixture } from "./helpers";

const DOC = readFileSync(join(REPO, "docs", "migrating-from-another-vendor.md"), "utf8");

/** The rows of the doc's table after `<!-- fields: name -->`: field (first column, in backticks) → outcome. */
function docTable(name: string): Record<string, string> {
  const at = DOC.indexOf(`<!-- fields: ${name} -->`);
  if (at < 0) throw new Error(`the doc has no <!-- fields: ${name} --> table`);
  const rows = DOC.slice(at).split("\n").slice(1);
  const table = rows.slice(rows.findIndex((l) => l.startsWith("|")));
  const body = table.slice(
    2,
    table.findIndex((l) => !l.startsWith("|")),
  );
  return Object.fromEntries(
    body.map((l) => {
      const [field, outcome] = l.split(" | ");
      return [/^\| `([^`]+)`$/.exec(field)?.[1] ?? field, outcome];
    }),
  );
}

const outcomes = (t: FieldTable) => Object.fromEntries(Object.entries(t).map(([f, r]) => [f, r.outcome]));

const TABLES: [string, FieldTable][] = [
  ["uptimerobot_monitor", UPTIMEROBOT_MONITOR_FIELDS],
  ["betteruptime_monitor", BETTERSTACK_MONITOR_FIELDS],
  ["uptimekuma_monitor_http", UPTIMEKUMA_MONITOR_FIELDS],
  ["uptimerobot-csv", UPTIMEROBOT_CSV_COLUMNS],
  ["kuma-backup", KUMA_BACKUP_MONITOR_FIELDS],
];

describe("the doc's field tables", () => {
  it.each(TABLES)("list every field of %s with the outcome its reader gives it", (name, table) => {
    expect(Object.keys(table).length).toBeGreaterThan(10);
    expect(docTable(name)).toEqual(outcomes(table));
  });
});

/**
 * `value` behind a proxy that adds to `read` each property asked for: top-level names, and
 * `parent.child` where the table classifies the parts of `parent`. Lists pass their items
 * through under the list's name.
 */
function recording<T>(value: T, table: FieldTable, read: Set<string>, path = ""): T {
  if (!value || typeof value !== "object") return value;
  const nested = path === "" || Object.keys(table).some((k) => k.startsWith(`${path}.`));
  return new Proxy(value as object, {
    get(target, key, receiver) {
      const v = Reflect.get(target, key, receiver) as unknown;
      if (typeof key !== "string") return v;
      if (Array.isArray(target)) return /^\d+$/.test(key) ? recording(v, table, read, path) : v;
      if (!nested) return v;
      const at = path ? `${path}.${key}` : key;
      read.add(at);
      return recording(v, table, read, at);
    },
  }) as T;
}

/** The fixture's resources of the types `keep` accepts, as the state reader hands them on. */
function resources(file: string, keep: (type: string) => boolean): TfResource[] {
  const state = JSON.parse(fixture(file)) as {
    resources: { type: string; name: string; instances: { attributes: Record<string, unknown> }[] }[];
  };
  return state.resources.flatMap((r, i) =>
    keep(r.type)
      ? r.instances.map((inst, j) => ({
          type: r.type,
          address: `${r.type}.${r.name}`,
          ref: `$.resources[${i}].instances[${j}].attributes`,
          attrs: inst.attributes,
        }))
      : [],
  );
}

/** The fields a reader asked for of the monitors `monitorType` picks, while reading `all`. */
function fieldsRead(
  all: TfResource[],
  monitorType: (type: string) => boolean,
  table: FieldTable,
  run: (rs: TfResource[]) => void,
) {
  const read = new Set<string>();
  run(all.map((r) => (monitorType(r.type) ? { ...r, attrs: recording(r.attrs, table, read) } : r)));
  return [...read];
}

const unknownTo = (table: FieldTable) => (fields: string[]) => fields.filter((f) => !table[f]);

describe("each reader reads only fields its table classifies", () => {
  afterEach(() => vi.restoreAllMocks());

  it("UptimeRobot's providers, both schemas", () => {
    const isMonitor = (t: string) => t === "uptimerobot_monitor";
    const official = resources("uptimerobot-official.tfstate", () => true);
    const read = fieldsRead(official, isMonitor, UPTIMEROBOT_MONITOR_FIELDS, (rs) => readUptimeRobot(rs, "s"));
    expect(read).toContain("success_http_response_codes");
    expect(read).toContain("assigned_alert_contacts.threshold");
    expect(unknownTo(UPTIMEROBOT_MONITOR_FIELDS)(read)).toEqual([]);
    // The community schema's names, on a monitor that sets none of the official ones.
    const louy = [
      {
        type: "uptimerobot_monitor",
        address: "m",
        ref: "$",
        attrs: { friendly_name: "L", alert_contact: [{ id: "1" }] },
      },
    ];
    const readLouy = fieldsRead(louy, isMonitor, UPTIMEROBOT_MONITOR_FIELDS, (rs) => readUptimeRobot(rs, "s"));
    expect(readLouy).toContain("alert_contact.id");
    expect(unknownTo(UPTIMEROBOT_MONITOR_FIELDS)(readLouy)).toEqual([]);
  });

  it("Better Stack's provider", () => {
    const all = resources("betteruptime.tfstate", () => true);
    const read = fieldsRead(all, (t) => t === "betteruptime_monitor", BETTERSTACK_MONITOR_FIELDS, readBetterUptime);
    expect(read).toContain("verify_ssl");
    expect(unknownTo(BETTERSTACK_MONITOR_FIELDS)(read)).toEqual([]);
  });

  it("the Uptime Kuma provider's HTTP monitors", () => {
    const all = resources("uptimekuma.tfstate", () => true);
    const http = (t: string) => t === "uptimekuma_monitor_http" || t === "uptimekuma_monitor_http_keyword";
    const read = fieldsRead(all, http, UPTIMEKUMA_MONITOR_FIELDS, readUptimeKuma);
    expect(read).toContain("max_redirects");
    expect(unknownTo(UPTIMEKUMA_MONITOR_FIELDS)(read)).toEqual([]);
  });

  it("Uptime Kuma's backup", () => {
    const read = new Set<string>();
    const parse = JSON.parse;
    // The backup's monitors, as the reader parses them, behind the recording proxy.
    vi.spyOn(JSON, "parse").mockImplementation((text: string) => {
      const doc = parse(text) as unknown;
      if (doc && typeof doc === "object" && "monitorList" in doc) {
        const d = doc as { monitorList: Record<string, unknown>[] };
        d.monitorList = d.monitorList.map((m) => recording(m, KUMA_BACKUP_MONITOR_FIELDS, read));
      }
      return doc;
    });
    readKumaBackup(fixture("kuma-backup.json"), "backup.json");
    expect([...read]).toContain("maxredirects");
    expect(unknownTo(KUMA_BACKUP_MONITOR_FIELDS)([...read])).toEqual([]);
  });
});

describe("a field no table names", () => {
  it("is reported on a Terraform monitor, by name and without its value", () => {
    const [m] = readUptimeRobot(
      [
        {
          type: "uptimerobot_monitor",
          address: "m",
          ref: "$",
          attrs: { name: "M", type: "HTTP", url: "https://m.example/", brand_new: "v-secret" },
        },
      ],
      "s",
    ).monitors;
    expect(m.dropped).toEqual([
      "`brand_new` is set but this migration does not know the field: not carried; check what it does at UptimeRobot",
    ]);
    // A nested one too.
    const [n] = readUptimeRobot(
      [
        {
          type: "uptimerobot_monitor",
          address: "m",
          ref: "$",
          attrs: { name: "M", type: "HTTP", config: { fresh: 1 } },
        },
      ],
      "s",
    ).monitors;
    expect(n.dropped).toEqual([
      "`config.fresh` is set but this migration does not know the field: not carried; check what it does at UptimeRobot",
    ]);
  });

  it("is reported as a filled CSV column, and the table's columns are all known", () => {
    const columns = Object.keys(UPTIMEROBOT_CSV_COLUMNS);
    const row = columns.map((c) =>
      c === "Type" ? "HTTP(s)" : c === "Interval" ? "300" : c === "URL" ? "https://c.example/" : "x",
    );
    const known = readUptimeRobotCsv(`${columns.join(",")}\n${row.join(",")}\n`, "m.csv").monitors[0];
    expect(known.dropped).toEqual([]);
    const csv =
      "Friendly Name,URL,Type,Alert Contacts\nA,https://a.example/,HTTP(s),ops\nB,https://b.example/,HTTP(s),\n";
    const [a, b] = readUptimeRobotCsv(csv, "m.csv").monitors;
    expect(a.dropped).toEqual([
      'column "Alert Contacts" is filled but this migration does not know it: not carried; check what it does at UptimeRobot',
    ]);
    expect(b.dropped).toEqual([]);
  });

  it("is reported on a Kuma backup's monitor", () => {
    const backup = JSON.stringify({
      monitorList: [{ name: "K", type: "http", url: "https://k.example/", newThing: true }],
    });
    expect(readKumaBackup(backup, "b.json").monitors[0].dropped).toEqual([
      "`newThing` is set but this migration does not know the field: not carried; check what it does at Uptime Kuma",
    ]);
  });
});
