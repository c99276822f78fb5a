/**
 * The store logs in by whichever method the server's pg_hba.conf asks: SCRAM-SHA-256 (the
 * default since PostgreSQL 14), MD5, a cleartext password, or none (trust); over TCP or the
 * Unix socket; with its settings from the URL or, where the URL lacks them, from the libpq
 * environment variables and the password file, as the CLI's driver takes them.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { PASSWORDS, startPostgres, stateTableSql, type PostgresServer } from "../../../support/postgres-server";

const KEY = ".pulumi/stacks/app/prod.json";
const home = mkdtempSync(join(tmpdir(), "pg-home-"));
let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
  pg.sql("postgres", stateTableSql("pulumi_state"));
  pg.putObject("postgres", "pulumi_state", `postgres/${KEY}`, "state");
}, 60_000);
afterAll(async () => {
  await pg?.stop();
  rmSync(home, { recursive: true, force: true });
});

const listed = (url: string, env: NodeJS.ProcessEnv = {}) => openBackendStore(url, env)!.list(".pulumi/stacks/");

test.each(["admin", "md5user", "plainuser"] as const)("%s logs in with its password from the URL", async (user) => {
  expect(await listed(pg.url(user, "postgres", "sslmode=disable"))).toEqual([KEY]);
});

test("a trusted user logs in without a password", async () => {
  expect(await listed(`postgres://trustuser@127.0.0.1:${pg.port}/postgres?sslmode=disable`)).toEqual([KEY]);
});

test("host, port, user, password and TLS mode come from PG* variables when the URL lacks them", async () => {
  const env = {
    PGHOST: "127.0.0.1",
    PGPORT: String(pg.port),
    PGUSER: "admin",
    PGPASSWORD: PASSWORDS.admin,
    PGSSLMODE: "disable",
  };
  expect(await listed("postgres:///postgres", env)).toEqual([KEY]);
});

test("the Unix socket is reached when the host is a directory", async () => {
  const url = `postgres:///postgres?host=${encodeURIComponent(pg.socketDir)}&port=${pg.port}&user=admin`;
  expect(await listed(url)).toEqual([KEY]);
});

test("a password file answers when neither the URL nor PGPASSWORD gives one", async () => {
  const file = join(home, "pgpass");
  writeFileSync(file, `# a comment\nother:*:*:*:wrong\n127.0.0.1:${pg.port}:postgres:md5user:${PASSWORDS.md5user}\n`);
  chmodSync(file, 0o600);
  const url = `postgres://md5user@127.0.0.1:${pg.port}/postgres?sslmode=disable`;
  expect(await listed(url, { PGPASSFILE: file })).toEqual([KEY]);
  // Without PGPASSFILE, lib/pq's default place: ~/.postgresql/.pgpass.
  mkdirSync(join(home, ".postgresql"));
  writeFileSync(join(home, ".postgresql", ".pgpass"), `*:*:*:md5user:${PASSWORDS.md5user}\n`, { mode: 0o600 });
  expect(await listed(url, { HOME: home })).toEqual([KEY]);
});
