/**
 * A `postgres://` backend's objects (Pulumi 3.248, diy backend's postgres bucket): one table,
 * `key TEXT PRIMARY KEY, data JSON, updated_at`, each row an object whose bytes are the
 * base64 `data` field of its JSON (`{"data":"<base64>"}`). Keys are stored with the URL's
 * path before them, which this store adds and takes away.
 */
import { BackendStoreError, type BackendStore } from "../backend-store";
import { PostgresConnection } from "./postgres-connection";
import { postgresSettings, type PostgresSettings } from "./postgres-settings";

/** Keys read per statement: a long listing never holds more than this many rows at once. */
const PAGE = 1000;

/** `%`, `_` and the escape itself taken literally in a LIKE pattern whose escape is `!`. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[!%_]/g, "!$&")}%`;
}

/**
 * The store of a `postgres://` backend URL, its settings completed from `env`. A URL setting
 * that is malformed or not supported fails each list and read, naming it.
 */
export function postgresStore(url: string, env: NodeJS.ProcessEnv): BackendStore {
  let settings: PostgresSettings;
  try {
    settings = postgresSettings(url, env);
  } catch (err) {
    if (!(err instanceof BackendStoreError)) throw err;
    const refuse = () => Promise.reject(err);
    return { where: err.where, list: refuse, read: refuse };
  }
  return {
    where: settings.where,
    list: (prefix) => withConnection(settings, (conn) => listKeys(conn, settings, prefix)),
    read: (key) => withConnection(settings, (conn) => readObject(conn, settings, key)),
  };
}

async function withConnection<T>(
  settings: PostgresSettings,
  work: (conn: PostgresConnection) => Promise<T>,
): Promise<T> {
  const conn = await PostgresConnection.open(settings);
  try {
    return await work(conn);
  } finally {
    conn.close();
  }
}

/** Every key under `prefix`, page by page in byte order, each page starting after the last key of the one before. */
async function listKeys(conn: PostgresConnection, s: PostgresSettings, prefix: string): Promise<string[]> {
  const sql =
    `SELECT key FROM ${s.quotedTable} WHERE key LIKE $1 ESCAPE '!' AND key COLLATE "C" > $2 ` +
    `ORDER BY key COLLATE "C" LIMIT ${PAGE}`;
  const pattern = likePrefix(s.keyPrefix + prefix);
  const keys: string[] = [];
  let after = "";
  for (;;) {
    const rows = await conn.query(sql, [pattern, after]);
    for (const [key] of rows) if (key !== null) keys.push(key.slice(s.keyPrefix.length));
    if (rows.length < PAGE) return keys;
    after = rows[rows.length - 1][0] ?? "";
  }
}

/** The object's bytes, or undefined when no row has the key. */
async function readObject(conn: PostgresConnection, s: PostgresSettings, key: string): Promise<Buffer | undefined> {
  const rows = await conn.query(`SELECT data::text FROM ${s.quotedTable} WHERE key = $1`, [s.keyPrefix + key]);
  if (!rows.length) return undefined;
  const text = rows[0][0];
  let data: unknown;
  try {
    data = (JSON.parse(text ?? "null") as { data?: unknown } | null)?.data;
  } catch {
    data = undefined;
  }
  if (typeof data !== "string") {
    throw new BackendStoreError(s.where, `the row of ${key} is not the CLI's {"data": "<base64>"} JSON`);
  }
  return Buffer.from(data, "base64");
}
