/**
 * A throwaway PostgreSQL 15 cluster for one test file (scripts/ensure-postgres.sh installs the
 * server where missing; a test fails, never skips, when it cannot): initdb into a temporary
 * directory, a free loopback port, its Unix socket in that directory. The server refuses to
 * run as root, so under root it runs as the `postgres` user the Debian package creates.
 *
 * TCP logins: `admin` (superuser) by SCRAM-SHA-256, `md5user` by MD5, `plainuser` by cleartext
 * password, `trustuser` with none, `tlsuser` by SCRAM over TLS only; all but admin may read every table. Setup goes through
 * psql on the socket, which trusts its local users.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { closedPort } from "./closed-port";
import type { CertFiles } from "./test-pki";

const REPO = resolve(__dirname, "../..");

export const PASSWORDS = {
  admin: "admin-scram-secret",
  md5user: "md5-user-secret",
  plainuser: "plain-user-secret",
  tlsuser: "tls-user-secret",
} as const;

/** The CLI's table (Pulumi 3.248's postgres backend, schema.sql). */
export function stateTableSql(table: string): string {
  return (
    `CREATE TABLE IF NOT EXISTS ${table} (key TEXT PRIMARY KEY, data JSON NOT NULL, ` +
    `updated_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()); ` +
    `CREATE INDEX IF NOT EXISTS ${table}_key_prefix_idx ON ${table} (key text_pattern_ops);`
  );
}

export interface PostgresServer {
  port: number;
  /** The directory of the Unix socket. */
  socketDir: string;
  /** `postgres://user:password@127.0.0.1:port/database` plus `query`. */
  url(user: keyof typeof PASSWORDS, database: string, query?: string): string;
  /** Runs SQL through psql on the socket as `admin`; `vars` are psql variables (`:'name'` quotes one). */
  sql(database: string, statements: string, vars?: Record<string, string>): string;
  /** Writes one object as the CLI does: `{"data": "<base64>"}` under `key`. */
  putObject(database: string, table: string, key: string, bytes: Buffer | string): void;
  stop(): Promise<void>;
}

/** The uid and gid the server runs as: ours, or `postgres`'s when we are root. */
function serverOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

/** Starts a cluster; with `tls`, it also takes TLS with that certificate. */
export async function startPostgres(tls?: CertFiles): Promise<PostgresServer> {
  const bin = execFileSync("bash", [join(REPO, "scripts/ensure-postgres.sh")], { encoding: "utf8" }).trim();
  const owner = serverOwner();
  const dir = mkdtempSync(join(tmpdir(), "uptime-pg-"));
  chmodSync(dir, 0o755);
  const data = join(dir, "data");
  const socketDir = join(dir, "socket");
  mkdirSync(socketDir);
  const pwfile = join(dir, "pw");
  writeFileSync(pwfile, PASSWORDS.admin);
  for (const p of [dir, socketDir, pwfile]) if (owner) chownSync(p, owner.uid, owner.gid);

  const initdb = spawnSync(
    join(bin, "initdb"),
    ["-D", data, "-U", "admin", `--pwfile=${pwfile}`, "-A", "trust", "-E", "UTF8", "--locale=C", "-N"],
    { ...owner, encoding: "utf8" },
  );
  if (initdb.status !== 0) throw new Error(`initdb failed: ${initdb.stderr || initdb.error?.message}`);

  const port = await closedPort();
  writeFileSync(
    join(data, "pg_hba.conf"),
    [
      "local all all trust",
      "host all md5user 127.0.0.1/32 md5",
      "host all plainuser 127.0.0.1/32 password",
      "host all trustuser 127.0.0.1/32 trust",
      "hostssl all tlsuser 127.0.0.1/32 scram-sha-256",
      "hostnossl all tlsuser 127.0.0.1/32 reject",
      "host all all 127.0.0.1/32 scram-sha-256",
      "",
    ].join("\n"),
  );
  const conf = [`port = ${port}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${socketDir}'`];
  conf.push("fsync = off", "synchronous_commit = off", "full_page_writes = off", "max_connections = 30");
  if (tls) {
    for (const [from, to] of [
      [tls.certFile, "server.crt"],
      [tls.keyFile, "server.key"],
    ]) {
      copyFileSync(from, join(data, to));
      chmodSync(join(data, to), 0o600);
      if (owner) chownSync(join(data, to), owner.uid, owner.gid);
    }
    conf.push("ssl = on", "ssl_cert_file = 'server.crt'", "ssl_key_file = 'server.key'");
  }
  writeFileSync(join(data, "postgresql.auto.conf"), `${conf.join("\n")}\n`);
  for (const f of ["pg_hba.conf", "postgresql.auto.conf"]) if (owner) chownSync(join(data, f), owner.uid, owner.gid);

  const server = spawn(join(bin, "postgres"), ["-D", data], { ...owner, stdio: ["ignore", "ignore", "pipe"] });
  await ready(server);

  const psql = (database: string, statements: string, vars: Record<string, string> = {}) => {
    const args = [
      "-X",
      "-q",
      "-At",
      "-v",
      "ON_ERROR_STOP=1",
      "-h",
      socketDir,
      "-p",
      String(port),
      "-U",
      "admin",
      "-d",
      database,
    ];
    for (const [k, v] of Object.entries(vars)) args.push("-v", `${k}=${v}`);
    return execFileSync(join(bin, "psql"), args, { input: statements, encoding: "utf8" });
  };
  psql(
    "postgres",
    `SET password_encryption = 'md5';
     CREATE ROLE md5user LOGIN PASSWORD '${PASSWORDS.md5user}';
     CREATE ROLE plainuser LOGIN PASSWORD '${PASSWORDS.plainuser}';
     CREATE ROLE trustuser LOGIN;
     SET password_encryption = 'scram-sha-256';
     CREATE ROLE tlsuser LOGIN PASSWORD '${PASSWORDS.tlsuser}';
     GRANT pg_read_all_data TO md5user, plainuser, trustuser, tlsuser;`,
  );

  return {
    port,
    socketDir,
    url: (user, database, query) =>
      `postgres://${user}:${encodeURIComponent(PASSWORDS[user])}@127.0.0.1:${port}/${database}${query ? `?${query}` : ""}`,
    sql: psql,
    putObject(database, table, key, bytes) {
      const json = JSON.stringify({ data: Buffer.from(bytes).toString("base64") });
      psql(
        database,
        `INSERT INTO ${table} (key, data) VALUES (:'key', :'data') ON CONFLICT (key) DO UPDATE SET data = EXCLUDED.data, updated_at = now();`,
        { key, data: json },
      );
    },
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once("exit", r));
        server.kill("SIGINT");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves when the server says it accepts connections; rejects with its log when it exits first. */
function ready(server: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = "";
    server.stderr?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("ready to accept connections")) resolve();
    });
    server.once("exit", (code) => reject(new Error(`postgres exited (${code}) before it was ready:\n${log}`)));
  });
}
