/**
 * A `postgres://` backend URL read as Pulumi 3.248's CLI reads it: the diy backend takes the
 * `table` query parameter (default `pulumi_state`) and prefixes every key with the URL's path
 * (the database name, `postgres://h/db` keeps its keys under `db/`); the rest of the URL goes
 * to its driver, lib/pq 1.12, which takes each setting from the URL, else from the libpq
 * environment variables (PGHOST, PGUSER, PGPASSWORD, ...), else its default, and a password
 * from the password file when none is given. Query parameters lib/pq does not know are sent
 * to the server as run-time parameters (`search_path`, `statement_timeout`, ...).
 */
import { existsSync } from "node:fs";
import { userInfo } from "node:os";
import { isAbsolute, join } from "node:path";
import { BackendStoreError } from "../backend-store";
import { passfilePassword } from "./postgres-passfile";

const SSL_MODES = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"] as const;
export type SslMode = (typeof SSL_MODES)[number];

/** What connecting and reading need, credentials included (never shown). */
export interface PostgresSettings {
  /** The backend for messages: host, port, database and table; no user, password or query. */
  where: string;
  /** A host name or address, or the directory of a Unix socket (an absolute path). */
  host: string;
  /** Where to connect: `hostaddr` when given (the host name then only names the server for TLS), else the host. */
  address: string;
  port: number;
  user: string;
  password: string | undefined;
  database: string | undefined;
  /** What the CLI puts before every key: the URL's path and a slash, or nothing. */
  keyPrefix: string;
  /** The table's name as the server folds it (lowercase), and quoted for SQL. */
  tableName: string;
  quotedTable: string;
  sslmode: SslMode;
  sslrootcert: string | undefined;
  sslcert: string | undefined;
  sslkey: string | undefined;
  sslsni: boolean;
  connectTimeoutMs: number;
  /** The startup message's parameters besides user and database. */
  startup: Record<string, string>;
}

/** lib/pq's settings that take an environment variable, by the name the URL gives them. */
const ENV_OF: Record<string, string> = {
  host: "PGHOST",
  hostaddr: "PGHOSTADDR",
  port: "PGPORT",
  dbname: "PGDATABASE",
  user: "PGUSER",
  password: "PGPASSWORD",
  passfile: "PGPASSFILE",
  options: "PGOPTIONS",
  application_name: "PGAPPNAME",
  sslmode: "PGSSLMODE",
  sslcert: "PGSSLCERT",
  sslkey: "PGSSLKEY",
  sslrootcert: "PGSSLROOTCERT",
  sslsni: "PGSSLSNI",
  connect_timeout: "PGCONNECT_TIMEOUT",
  client_encoding: "PGCLIENTENCODING",
  datestyle: "PGDATESTYLE",
  tz: "PGTZ",
  geqo: "PGGEQO",
  target_session_attrs: "PGTARGETSESSIONATTRS",
  load_balance_hosts: "PGLOADBALANCEHOSTS",
  min_protocol_version: "PGMINPROTOCOLVERSION",
  max_protocol_version: "PGMAXPROTOCOLVERSION",
  service: "PGSERVICE",
  sslnegotiation: "PGSSLNEGOTIATION",
  krbsrvname: "PGKRBSRVNAME",
};

/** lib/pq settings that change nothing when reading a table this way (it does not send them). */
const NO_EFFECT = new Set([
  "fallback_application_name",
  "tz",
  "geqo",
  "binary_parameters",
  "disable_prepared_binary_result",
]);

/** lib/pq settings this reader does not implement, with what to do instead. */
const UNSUPPORTED: Record<string, string> = {
  service: "a connection service file is not read: give its settings in the URL or PG* variables",
  sslinline: "inline client certificates are not read: give sslcert and sslkey as files",
  sslnegotiation: "only the usual SSLRequest negotiation is spoken: remove sslnegotiation=direct",
  krbsrvname: "Kerberos (GSSAPI) authentication is not supported",
  krbspn: "Kerberos (GSSAPI) authentication is not supported",
  ssl_min_protocol_version: "TLS version bounds are not supported",
  ssl_max_protocol_version: "TLS version bounds are not supported",
};

/** A value each of these settings must take here (their defaults). */
const ONLY: Record<string, readonly string[]> = {
  target_session_attrs: ["any"],
  load_balance_hosts: ["disable", "random"],
  min_protocol_version: ["3.0"],
  max_protocol_version: ["3.0"],
  datestyle: ["ISO, MDY"],
};

const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

/** A simple SQL identifier, as the CLI puts `table` into its statements unquoted. */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/**
 * The settings of `url` (`postgres://user:password@host:port/dbname?table=...&sslmode=...`),
 * completed from `env`.
 * @throws BackendStoreError naming a setting that is malformed or not supported.
 */
export function postgresSettings(url: string, env: NodeJS.ProcessEnv): PostgresSettings {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BackendStoreError("postgres://", "the backend URL is not a valid URL");
  }
  const query = new Map(parsed.searchParams);
  const tableParam = query.get("table") || "pulumi_state";
  query.delete("table");
  const decode = (part: string, text: string): string => {
    try {
      return decodeURIComponent(text);
    } catch {
      throw new BackendStoreError("postgres://", `the URL's ${part} has a malformed %-escape`);
    }
  };
  const path = decode("path", parsed.pathname);
  const subdir = path.replace(/^\/+/, "");
  const keyPrefix = subdir === "" || subdir.endsWith("/") ? subdir : `${subdir}/`;

  // Lowest first: the environment, then the URL's parts, then its query.
  const given = new Map<string, string>();
  for (const [name, variable] of Object.entries(ENV_OF)) {
    const v = env[variable];
    if (v !== undefined) given.set(name, v);
  }
  const fromUrl: [string, string][] = [
    ["user", decode("user", parsed.username)],
    ["password", decode("password", parsed.password)],
    ["host", parsed.hostname.replace(/^\[(.*)\]$/, "$1")],
    ["port", parsed.port],
    ["dbname", path.slice(1)],
  ];
  for (const [name, v] of fromUrl) if (v !== "") given.set(name, v);
  for (const [name, v] of query) if (v !== "") given.set(name === "database" ? "dbname" : name, v);

  const host = given.get("host") || "localhost";
  const port = Number(given.get("port") ?? 5432);
  const database = given.get("dbname") || undefined;
  const shownHost = isAbsolute(host) ? encodeURIComponent(host) : host.includes(":") ? `[${host}]` : host;
  const where = `postgres://${shownHost}:${port}/${database ?? ""} (table ${tableParam})`;
  const fail = (reason: string): never => {
    throw new BackendStoreError(where, reason);
  };

  for (const name of given.keys()) {
    if (name in UNSUPPORTED) fail(`${name}: ${UNSUPPORTED[name]}`);
    const allowed = ONLY[name];
    if (allowed && !allowed.includes(given.get(name) ?? "")) {
      fail(`${name} must be ${allowed.map((a) => `"${a}"`).join(" or ")} here (got "${given.get(name)}")`);
    }
  }
  if (host.includes(",") || (given.get("port") ?? "").includes(",")) {
    fail("host: several hosts are not supported: give one host and port");
  }
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`port must be a number from 1 to 65535`);
  if (!IDENTIFIER.test(tableParam)) {
    fail(`table must be a plain SQL identifier (letters, digits, _ and $, not first a digit), got "${tableParam}"`);
  }
  const sslmode = (given.get("sslmode") ?? "prefer") as SslMode;
  if (!SSL_MODES.includes(sslmode)) fail(`sslmode must be one of ${SSL_MODES.join(", ")} (got "${sslmode}")`);
  const timeout = given.get("connect_timeout");
  if (timeout !== undefined && !/^-?\d+$/.test(timeout)) fail("connect_timeout must be a whole number of seconds");
  const encoding = given.get("client_encoding");
  if (encoding !== undefined && !/^utf-?8$|^unicode$/i.test(encoding)) fail(`client_encoding must be UTF8`);
  const sni = given.get("sslsni");
  const user = given.get("user") || env.USER || userInfo().username;
  const socket = isAbsolute(host);
  const tableName = tableParam.toLowerCase();

  const startup: Record<string, string> = { client_encoding: "UTF8" };
  const app = given.get("application_name") ?? given.get("fallback_application_name");
  if (app) startup.application_name = app;
  if (given.get("options")) startup.options = given.get("options") as string;
  for (const [name, v] of query) {
    if (!(name in ENV_OF) && !NO_EFFECT.has(name) && !["sslinline", "krbspn", "database"].includes(name)) {
      startup[name] = v;
    }
  }

  const password =
    given.get("password") ??
    passfilePassword(given.get("passfile"), env.HOME, { host, port: String(port), database: database ?? "", user });
  const connectSeconds = timeout === undefined ? 0 : Number(timeout);
  return {
    where,
    host,
    address: given.get("hostaddr") || host,
    port,
    user,
    password,
    database,
    keyPrefix,
    tableName,
    quotedTable: `"${tableName}"`,
    // Over a Unix socket there is nothing to encrypt (lib/pq turns TLS off there).
    sslmode: socket ? "disable" : sslmode,
    sslrootcert: given.get("sslrootcert") ?? homeFile(env.HOME, "root.crt"),
    sslcert: given.get("sslcert") ?? homeFile(env.HOME, "postgresql.crt"),
    sslkey: given.get("sslkey") ?? homeFile(env.HOME, "postgresql.key"),
    sslsni: sni === undefined || sni.startsWith("1"),
    connectTimeoutMs: connectSeconds > 0 ? connectSeconds * 1000 : DEFAULT_CONNECT_TIMEOUT_MS,
    startup,
  };
}

/** `~/.postgresql/<name>` when it exists (lib/pq's default client certificate and CA files). */
function homeFile(home: string | undefined, name: string): string | undefined {
  const file = home ? join(home, ".postgresql", name) : undefined;
  return file && existsSync(file) ? file : undefined;
}
