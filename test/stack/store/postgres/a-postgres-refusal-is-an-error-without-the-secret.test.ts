/**
 * A `postgres://` backend that refuses the credentials, asks for a password none gives, or
 * cannot be reached is a BackendStoreError saying what failed and what to do; no password
 * appears in its message, reason or `where`.
 */
import net from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { closedPort } from "../../../support/closed-port";
import { startPostgres, stateTableSql, type PostgresServer } from "../../../support/postgres-server";

const WRONG = "wrong-Secret-4711";
let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
  pg.sql("postgres", stateTableSql("pulumi_state"));
}, 60_000);
afterAll(() => pg?.stop());

async function failure(url: string, env: NodeJS.ProcessEnv = {}): Promise<BackendStoreError> {
  const store = openBackendStore(url, env)!;
  const err = await store.list(".pulumi/stacks/").catch((e: unknown) => e);
  expect(err).toBeInstanceOf(BackendStoreError);
  const e = err as BackendStoreError;
  for (const text of [e.message, e.reason, e.where, store.where]) expect(text).not.toContain(WRONG);
  return e;
}

test.each(["admin", "md5user", "plainuser"])(
  "a wrong password for %s is refused with the server's code",
  async (user) => {
    const e = await failure(`postgres://${user}:${WRONG}@127.0.0.1:${pg.port}/postgres?sslmode=disable`);
    expect(e.reason).toContain(`password authentication failed for user "${user}"`);
    expect(e.reason).toContain("SQLSTATE 28P01");
  },
);

test("a wrong PGPASSWORD is refused the same way", async () => {
  const e = await failure(`postgres://admin@127.0.0.1:${pg.port}/postgres?sslmode=disable`, { PGPASSWORD: WRONG });
  expect(e.reason).toContain("SQLSTATE 28P01");
});

test("no password where one is asked names the places to give it", async () => {
  const e = await failure(`postgres://admin@127.0.0.1:${pg.port}/postgres?sslmode=disable`, { HOME: "/nonexistent" });
  expect(e.reason).toContain('asks user "admin" for a password and none is given');
  expect(e.reason).toContain("PGPASSWORD");
});

test("a missing table names the table parameter", async () => {
  const e = await failure(pg.url("admin", "postgres", "sslmode=disable&table=nothing_here"));
  expect(e.reason).toContain('no table "nothing_here"');
  expect(e.reason).toContain("SQLSTATE 42P01");
});

test("a port nothing listens on is refused at once, naming host and port", async () => {
  const port = await closedPort();
  const e = await failure(`postgres://admin:${WRONG}@127.0.0.1:${port}/postgres?sslmode=disable`);
  expect(e.reason).toContain(`nothing accepts connections at 127.0.0.1:${port}`);
});

test("a server that never answers ends at connect_timeout", async () => {
  const silent = net.createServer(() => undefined);
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  const { port } = silent.address() as net.AddressInfo;
  try {
    const e = await failure(`postgres://admin:${WRONG}@127.0.0.1:${port}/postgres?connect_timeout=1`);
    expect(e.reason).toContain("no session within 1 s (connect_timeout)");
  } finally {
    silent.close();
  }
});
