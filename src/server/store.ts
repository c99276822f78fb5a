/**
 * Storage of monitors and incidents in PGlite. Every operation runs inside one
 * transaction (PGlite runs transactions one at a time), so a uniqueness check and the
 * insert after it, or an incident and the monitor status it moves, commit together.
 * Timestamps are epoch milliseconds in this layer.
 */
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { openDatabase, type Database } from "./db";
import { migrate } from "./migrations";
import { nameKey as plainNameKey } from "../util/monitor-names";
import { decodeText, encodeText, mapStrings } from "./nul-text";
import { MONITOR_DATE_FIELDS } from "../schemas/monitor";
import { INCIDENT_DATE_FIELDS } from "../schemas/incident";

/** The name key as stored and searched (see nul-text.ts). */
const nameKey = (name: string) => encodeText(plainNameKey(name));
// Written columns (name_key included) are encoded by toParam, so they take plainNameKey.

/** A `{key, value}` entry of `request_headers` or `alerts`. */
export interface KeyValue {
  key: string;
  value: string;
}

/** Stored monitor status; `maintenance` is derived when reading. */
export type StoredMonitorStatus = "pending" | "online" | "offline" | "paused";

/** Monitor columns a request can set. */
export interface MonitorFields {
  name: string;
  url: string;
  interval: number;
  status: StoredMonitorStatus;
  alert_condition: string;
  alert_text_lookup: string | null;
  request_method: string;
  request_headers: KeyValue[];
  request_auth_username: string | null;
  request_auth_password: string | null;
  cache_buster: number;
  ssl_alert_days: number;
  domain_alert_days: number;
  maintenance_start_at: number | null;
  maintenance_end_at: number | null;
  alerts: KeyValue[];
}

/** A stored monitor. */
export interface MonitorRecord extends MonitorFields {
  id: number;
  account: string;
  ssl_ends_at: number | null;
  domain_ends_at: number | null;
  started_at: number | null;
  checked_at: number | null;
  created_at: number;
  updated_at: number;
  /** When the checker next checks it; null: as soon as it can. */
  next_check_at: number | null;
  /** Milliseconds the last check took. */
  response_time: number | null;
  /** What the last check saw: `200 OK`, `503 Service Unavailable`, or the error. */
  check_result: string | null;
}

/** What a check writes on its monitor. */
interface CheckColumns {
  status: StoredMonitorStatus;
  started_at: number | null;
  checked_at: number;
  next_check_at: number;
  response_time: number;
  check_result: string;
  ssl_ends_at: number | null;
}

/** Incident columns a request can set. */
export interface IncidentFields {
  started_at: number;
  acknowledged_at: number | null;
  ended_at: number | null;
  cause: string | null;
  comment: string | null;
}

/** A stored incident. */
export interface IncidentRecord extends IncidentFields {
  id: number;
  account: string;
  monitor_id: number;
  created_at: number;
  updated_at: number;
}

/** Monitor list filters, already validated. */
export interface MonitorListQuery {
  search?: string;
  searchBy: "name" | "url";
  sortBy: "id" | "name" | "url";
  sort: "asc" | "desc";
  limit: number;
  offset: number;
}

/** Incident list filters, already validated. */
export interface IncidentListQuery {
  search?: string;
  searchBy: "monitor" | "cause" | "comment";
  monitorId?: number;
  status?: "unresolved" | "acknowledged" | "resolved";
  sortBy: "started_at" | "ended_at";
  sort: "asc" | "desc";
  limit: number;
  offset: number;
}

/** Adds a query parameter to `params` and gives its placeholder (`$2`, `$3`, …). */
function placeholderOf(params: unknown[]): (value: unknown) => string {
  return (value) => {
    params.push(value);
    return `$${params.length}`;
  };
}

/** One page of rows and the total. */
interface Page<T> {
  rows: T[];
  total: number;
}

type Queryable = PGlite | Transaction;

const MONITOR_JSON_COLUMNS = new Set(["request_headers", "alerts"]);
// The records' date fields as the schemas list them, and the checker's own schedule.
const DATE_COLUMNS = new Set<string>([...MONITOR_DATE_FIELDS, ...INCIDENT_DATE_FIELDS, "next_check_at"]);

function toParam(column: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (MONITOR_JSON_COLUMNS.has(column)) return JSON.stringify(mapStrings(value, encodeText));
  if (DATE_COLUMNS.has(column)) return new Date(value as number).toISOString();
  return typeof value === "string" ? encodeText(value) : value;
}

function fromRow<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? v.getTime() : mapStrings(v, decodeText);
  return out as T;
}

/** A new monitor's row: its quoted column list and the parameters in that order. */
function monitorRow(account: string, fields: MonitorFields, now: number): { columns: string; params: unknown[] } {
  const values: Record<string, unknown> = {
    ...fields,
    name_key: plainNameKey(fields.name),
    account,
    created_at: now,
    updated_at: now,
  };
  const cols = Object.keys(values);
  return { columns: cols.map((c) => `"${c}"`).join(", "), params: cols.map((c) => toParam(c, values[c])) };
}

/** `$1, $2, …, $n`. */
function placeholders(n: number): string {
  return Array.from({ length: n }, (_, i) => `$${i + 1}`).join(", ");
}

/** Queries of one transaction (or of one statement, Store.withoutTransaction). */
export class StoreTx {
  /** `db` is the transaction (or PGlite itself), `S` the quoted schema. */
  constructor(
    private readonly db: Queryable,
    private readonly S: string,
  ) {}

  /** The account's monitor `id`, if it exists. */
  async findMonitor(account: string, id: number): Promise<MonitorRecord | undefined> {
    const r = await this.db.query<Record<string, unknown>>(
      `SELECT * FROM ${this.S}.monitors WHERE account = $1 AND id = $2`,
      [account, id],
    );
    return r.rows[0] ? fromRow<MonitorRecord>(r.rows[0]) : undefined;
  }

  /**
   * True when another monitor of the account already has `name`, compared as the
   * service's collation compares names (case and accents ignored; see util/monitor-names.ts).
   */
  async monitorNameTaken(account: string, name: string, exceptId?: number): Promise<boolean> {
    const r = await this.db.query(
      `SELECT 1 FROM ${this.S}.monitors WHERE account = $1 AND name_key = $2 AND id <> $3`,
      [account, nameKey(name), exceptId ?? -1],
    );
    return r.rows.length > 0;
  }

  /** Inserts a monitor. */
  async insertMonitor(account: string, fields: MonitorFields, now: number): Promise<MonitorRecord> {
    const { columns, params } = monitorRow(account, fields, now);
    const r = await this.db.query<Record<string, unknown>>(
      `INSERT INTO ${this.S}.monitors (${columns}) VALUES (${placeholders(params.length)}) RETURNING *`,
      params,
    );
    return fromRow<MonitorRecord>(r.rows[0]);
  }

  /**
   * Inserts a monitor unless another monitor of the account has its name (compared as
   * monitorNameTaken compares), in one statement; undefined when the name is taken.
   */
  async insertMonitorIfNameFree(
    account: string,
    fields: MonitorFields,
    now: number,
  ): Promise<MonitorRecord | undefined> {
    const { columns, params } = monitorRow(account, fields, now);
    const n = params.length;
    const r = await this.db.query<Record<string, unknown>>(
      `INSERT INTO ${this.S}.monitors (${columns}) SELECT ${placeholders(n)}
       WHERE NOT EXISTS (SELECT 1 FROM ${this.S}.monitors WHERE account = $${n + 1} AND name_key = $${n + 2})
       RETURNING *`,
      [...params, account, nameKey(fields.name)],
    );
    return r.rows[0] ? fromRow<MonitorRecord>(r.rows[0]) : undefined;
  }

  /** Sets `values` on row `id` of `table`; returns the row as stored. */
  private async updateRow<T>(table: "monitors" | "incidents", id: number, values: Record<string, unknown>): Promise<T> {
    const cols = Object.keys(values);
    const r = await this.db.query<Record<string, unknown>>(
      `UPDATE ${this.S}.${table} SET ${cols.map((c, i) => `"${c}" = $${i + 2}`).join(", ")} WHERE id = $1 RETURNING *`,
      [id, ...cols.map((c) => toParam(c, values[c]))],
    );
    return fromRow<T>(r.rows[0]);
  }

  /** Deletes row `id` of `table` if the account owns it; false when there was none. */
  private async deleteRow(table: "monitors" | "incidents", account: string, id: number): Promise<boolean> {
    const r = await this.db.query(`DELETE FROM ${this.S}.${table} WHERE account = $1 AND id = $2`, [account, id]);
    return (r.affectedRows ?? 0) > 0;
  }

  /** One page of `columns` from `from` where `where` holds, in `order`, with the count of all matches. */
  private async page<T>(
    from: string,
    columns: string,
    where: string,
    order: string,
    q: { limit: number; offset: number },
    params: unknown[],
  ): Promise<Page<T>> {
    const total = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`, params);
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${columns} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}`,
      params,
    );
    return { rows: rows.rows.map((r) => fromRow<T>(r)), total: total.rows[0].n };
  }

  /** Writes the given monitor columns and `updated_at`. */
  async updateMonitor(id: number, fields: Partial<MonitorFields>, now: number): Promise<MonitorRecord> {
    const values: Record<string, unknown> = { ...fields, updated_at: now };
    if (fields.name !== undefined) values.name_key = plainNameKey(fields.name);
    return this.updateRow<MonitorRecord>("monitors", id, values);
  }

  /** Deletes the account's monitor (its incidents go with it); false when there was none. */
  async deleteMonitor(account: string, id: number): Promise<boolean> {
    return this.deleteRow("monitors", account, id);
  }

  /** One page of the account's monitors. */
  async listMonitors(account: string, q: MonitorListQuery): Promise<Page<MonitorRecord>> {
    const params: unknown[] = [account];
    const arg = placeholderOf(params);
    let where = "account = $1";
    if (q.search) {
      // A name search matches as the service's collation does (case and accents ignored).
      if (q.searchBy === "name") where += ` AND strpos(name_key, ${arg(nameKey(q.search))}) > 0`;
      else where += ` AND strpos(lower(url), lower(${arg(encodeText(q.search))})) > 0`;
    }
    const dir = q.sort === "asc" ? "ASC" : "DESC";
    // Text sorts ignore case, as the service's MySQL collation does; id breaks ties.
    const order = q.sortBy === "id" ? `id ${dir}` : `lower(${q.sortBy}) ${dir}, ${q.sortBy} ${dir}, id ${dir}`;
    return this.page<MonitorRecord>(`${this.S}.monitors`, "*", where, order, q, params);
  }

  /** True when the monitor has an incident without `ended_at`. */
  async hasOngoingIncident(monitorId: number): Promise<boolean> {
    const r = await this.db.query(`SELECT 1 FROM ${this.S}.incidents WHERE monitor_id = $1 AND ended_at IS NULL`, [
      monitorId,
    ]);
    return r.rows.length > 0;
  }

  /** The latest `ended_at` among the monitor's incidents. */
  async latestEndedAt(monitorId: number): Promise<number | null> {
    const r = await this.db.query<{ t: Date | null }>(
      `SELECT max(ended_at) AS t FROM ${this.S}.incidents WHERE monitor_id = $1`,
      [monitorId],
    );
    const t = r.rows[0]?.t;
    return t ? new Date(t).getTime() : null;
  }

  /** The account's incident `id`, if it exists. */
  async findIncident(account: string, id: number): Promise<IncidentRecord | undefined> {
    const r = await this.db.query<Record<string, unknown>>(
      `SELECT * FROM ${this.S}.incidents WHERE account = $1 AND id = $2`,
      [account, id],
    );
    return r.rows[0] ? fromRow<IncidentRecord>(r.rows[0]) : undefined;
  }

  /** Inserts an incident. */
  async insertIncident(
    account: string,
    monitorId: number,
    fields: IncidentFields,
    now: number,
  ): Promise<IncidentRecord> {
    const values: Record<string, unknown> = {
      ...fields,
      account,
      monitor_id: monitorId,
      created_at: now,
      updated_at: now,
    };
    const cols = Object.keys(values);
    const r = await this.db.query<Record<string, unknown>>(
      `INSERT INTO ${this.S}.incidents (${cols.map((c) => `"${c}"`).join(", ")})
       VALUES (${cols.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING *`,
      cols.map((c) => toParam(c, values[c])),
    );
    return fromRow<IncidentRecord>(r.rows[0]);
  }

  /** Writes the given incident columns and `updated_at`. */
  async updateIncident(id: number, fields: Partial<IncidentFields>, now: number): Promise<IncidentRecord> {
    const values: Record<string, unknown> = { ...fields, updated_at: now };
    return this.updateRow<IncidentRecord>("incidents", id, values);
  }

  /** Deletes the account's incident; false when there was none. */
  async deleteIncident(account: string, id: number): Promise<boolean> {
    return this.deleteRow("incidents", account, id);
  }

  /** One page of the account's incidents. */
  async listIncidents(account: string, q: IncidentListQuery): Promise<Page<IncidentRecord>> {
    const params: unknown[] = [account];
    const arg = placeholderOf(params);
    let where = "i.account = $1";
    if (q.search) {
      if (q.searchBy === "monitor") {
        // The monitor's name, matched as the service's collation does (see listMonitors).
        where += ` AND strpos(m.name_key, ${arg(nameKey(q.search))}) > 0`;
      } else {
        where += ` AND strpos(lower(coalesce(i.${q.searchBy}, '')), lower(${arg(encodeText(q.search))})) > 0`;
      }
    }
    if (q.monitorId !== undefined) where += ` AND i.monitor_id = ${arg(q.monitorId)}`;
    if (q.status === "resolved") where += " AND i.ended_at IS NOT NULL";
    if (q.status === "acknowledged") where += " AND i.ended_at IS NULL AND i.acknowledged_at IS NOT NULL";
    if (q.status === "unresolved") where += " AND i.ended_at IS NULL AND i.acknowledged_at IS NULL";
    // Descending puts unended incidents (NULL) first, ascending last.
    const dir = q.sort === "asc" ? "ASC NULLS LAST" : "DESC NULLS FIRST";
    const iddir = q.sort === "asc" ? "ASC" : "DESC";
    const from = `${this.S}.incidents i JOIN ${this.S}.monitors m ON m.id = i.monitor_id`;
    return this.page<IncidentRecord>(from, "i.*", where, `i.${q.sortBy} ${dir}, i.id ${iddir}`, q, params);
  }

  /**
   * Monitors of these accounts that checking covers at `now`: not paused, outside their
   * maintenance window; with `dueOnly`, only those whose next check is at or before `now`.
   * Earliest due first.
   */
  async checkableMonitors(accounts: readonly string[], now: number, dueOnly: boolean): Promise<MonitorRecord[]> {
    const t = new Date(now).toISOString();
    const r = await this.db.query<Record<string, unknown>>(
      `SELECT * FROM ${this.S}.monitors
       WHERE account = ANY($1::text[]) AND status <> 'paused'
         AND NOT (maintenance_start_at IS NOT NULL AND maintenance_end_at IS NOT NULL
                  AND maintenance_start_at <= $2::timestamptz AND $2::timestamptz < maintenance_end_at)
         ${dueOnly ? "AND (next_check_at IS NULL OR next_check_at <= $2::timestamptz)" : ""}
       ORDER BY next_check_at ASC NULLS FIRST, id ASC`,
      [[...accounts], t],
    );
    return r.rows.map((row) => fromRow<MonitorRecord>(row));
  }

  /** The monitor's ongoing (unended) incident, if any. */
  async ongoingIncident(monitorId: number): Promise<IncidentRecord | undefined> {
    const r = await this.db.query<Record<string, unknown>>(
      `SELECT * FROM ${this.S}.incidents WHERE monitor_id = $1 AND ended_at IS NULL ORDER BY id DESC LIMIT 1`,
      [monitorId],
    );
    return r.rows[0] ? fromRow<IncidentRecord>(r.rows[0]) : undefined;
  }

  /** Writes a check's result. `updated_at` stays: it tells when someone last changed the monitor. */
  async recordCheck(id: number, columns: CheckColumns): Promise<void> {
    const cols = Object.keys(columns) as (keyof CheckColumns)[];
    await this.db.query(
      `UPDATE ${this.S}.monitors SET ${cols.map((c, i) => `"${c}" = $${i + 2}`).join(", ")} WHERE id = $1`,
      [id, ...cols.map((c) => toParam(c, columns[c]))],
    );
  }
}

/** An account's monitors and incidents at one moment, as JSON arrays of raw rows (see stale-reads.ts). */
export interface AccountSnapshot {
  monitors: string;
  incidents: string;
}

/** The storage of one server. */
export class Store {
  /** Quoted schema of the read replica (stale-reads.ts), once made. */
  private replica?: string;

  private constructor(private readonly database: Database) {}

  /** Opens (and migrates) storage: durable on `dataDir`, else in memory. */
  static async open(dataDir: string | undefined): Promise<Store> {
    const database = await openDatabase(dataDir);
    try {
      await migrate(database.pg, database.schema);
    } catch (err) {
      await database.release().catch(() => undefined);
      throw err;
    }
    return new Store(database);
  }

  /** Runs `fn` in one transaction; a throw rolls everything back. */
  run<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.database.pg.transaction((tx) => fn(new StoreTx(tx, this.database.schema)));
  }

  /**
   * Runs `fn` outside a transaction, for one statement that is atomic on its own: PGlite's
   * transaction costs more than such a statement (a create is one, in the common case).
   */
  withoutTransaction<T>(fn: (db: StoreTx) => Promise<T>): Promise<T> {
    return fn(new StoreTx(this.database.pg, this.database.schema));
  }

  /**
   * Makes (or empties) the read replica: a schema beside the tables with copies of them,
   * without keys or constraints, which stale-reads.ts fills per account. Reads served from
   * it run the same queries as reads of the tables.
   */
  async prepareReplica(): Promise<void> {
    const S = this.database.schema;
    const R = `"${S.slice(1, -1)}_replica"`;
    await this.database.pg.exec(`
      DROP SCHEMA IF EXISTS ${R} CASCADE;
      CREATE SCHEMA ${R};
      CREATE TABLE ${R}.monitors (LIKE ${S}.monitors INCLUDING DEFAULTS);
      CREATE TABLE ${R}.incidents (LIKE ${S}.incidents INCLUDING DEFAULTS);
    `);
    this.replica = R;
  }

  /** The account's rows as they are now, in one transaction. */
  snapshotAccount(account: string): Promise<AccountSnapshot> {
    const S = this.database.schema;
    return this.database.pg.transaction(async (tx) => {
      const rows = (table: string) =>
        tx
          .query<{ rows: string }>(
            `SELECT coalesce(json_agg(t), '[]')::text AS rows FROM ${S}.${table} t WHERE account = $1`,
            [account],
          )
          .then((r) => r.rows[0].rows);
      return { monitors: await rows("monitors"), incidents: await rows("incidents") };
    });
  }

  /** Replaces the account's rows in the replica with `snapshot`. */
  loadReplica(account: string, snapshot: AccountSnapshot): Promise<void> {
    const R = this.requireReplica();
    return this.database.pg.transaction(async (tx) => {
      for (const table of ["incidents", "monitors"] as const) {
        await tx.query(`DELETE FROM ${R}.${table} WHERE account = $1`, [account]);
        await tx.query(
          `INSERT INTO ${R}.${table} SELECT * FROM json_populate_recordset(null::${R}.${table}, $1::json)`,
          [snapshot[table]],
        );
      }
    });
  }

  /** Runs `fn` in one transaction on the replica's copies of the tables (reads only). */
  runOnReplica<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    const R = this.requireReplica();
    return this.database.pg.transaction((tx) => fn(new StoreTx(tx, R)));
  }

  private requireReplica(): string {
    if (!this.replica) throw new Error("the read replica was not prepared");
    return this.replica;
  }

  /** Releases storage. */
  async close(): Promise<void> {
    if (this.replica)
      await this.database.pg.exec(`DROP SCHEMA IF EXISTS ${this.replica} CASCADE`).catch(() => undefined);
    return this.database.release();
  }
}
