/**
 * `sslmode` decides TLS as the CLI's driver does: `prefer` and `require` encrypt without
 * checking the certificate, `verify-ca` checks its chain against `sslrootcert`, `verify-full`
 * its host name too; a server without TLS is read in plain under `prefer` and refused under
 * `require`; `allow` tries plain first and TLS when the server refuses plain. The server here takes TLS with a certificate for 127.0.0.1 and localhost signed
 * by a test CA; pg_stat_ssl says whether a session is encrypted.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { PostgresConnection } from "../../../../src/stack/store/postgres/postgres-connection";
import { postgresSettings } from "../../../../src/stack/store/postgres/postgres-settings";
import { startPostgres, type PostgresServer } from "../../../support/postgres-server";
import { makeTestPki, type TestPki } from "../../../support/test-pki";

let pki: TestPki;
let tlsServer: PostgresServer;
let plainServer: PostgresServer;
beforeAll(async () => {
  pki = makeTestPki();
  [tlsServer, plainServer] = await Promise.all([startPostgres(pki.loopback), startPostgres()]);
}, 90_000);
afterAll(async () => {
  await Promise.all([tlsServer?.stop(), plainServer?.stop()]);
  pki?.dispose();
});

/** Whether the session `query` opens is encrypted, by the server's own account. */
async function encrypted(url: string): Promise<boolean> {
  const conn = await PostgresConnection.open(postgresSettings(url, { HOME: "/nonexistent" }));
  try {
    const rows = await conn.query("SELECT ssl::text FROM pg_stat_ssl WHERE pid = pg_backend_pid()", []);
    return rows[0][0] === "true";
  } finally {
    conn.close();
  }
}

const tlsUrl = (query: string) => tlsServer.url("admin", "postgres", query);
const ca = () => `sslrootcert=${encodeURIComponent(pki.caFile)}`;

test("require and prefer encrypt without checking the certificate; disable does not encrypt", async () => {
  expect(await encrypted(tlsUrl("sslmode=require"))).toBe(true);
  expect(await encrypted(tlsUrl(""))).toBe(true);
  expect(await encrypted(tlsUrl("sslmode=disable"))).toBe(false);
});

test("verify-full and verify-ca accept a certificate the given CA signed for the host", async () => {
  expect(await encrypted(tlsUrl(`sslmode=verify-full&${ca()}`))).toBe(true);
  expect(await encrypted(tlsUrl(`sslmode=verify-ca&${ca()}`))).toBe(true);
});

test("verify-full refuses a certificate no trusted CA signed, pointing at sslrootcert", async () => {
  const err = await encrypted(tlsUrl("sslmode=verify-full")).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(BackendStoreError);
  expect((err as BackendStoreError).reason).toMatch(/^TLS with the server failed: .*sslrootcert/);
});

test("verify-full refuses a certificate for another host name; verify-ca does not check the name", async () => {
  // hostaddr connects to the loopback server while the host name checked is another.
  const other = (mode: string) =>
    `postgres://admin:admin-scram-secret@other.invalid:${tlsServer.port}/postgres?hostaddr=127.0.0.1&sslmode=${mode}&${ca()}`;
  const err = await encrypted(other("verify-full")).catch((e: unknown) => e);
  expect((err as BackendStoreError).reason).toContain("other.invalid");
  expect(await encrypted(other("verify-ca"))).toBe(true);
});

test("a server without TLS is read in plain under prefer and refused under require", async () => {
  expect(await encrypted(plainServer.url("admin", "postgres", "sslmode=prefer"))).toBe(false);
  const err = await encrypted(plainServer.url("admin", "postgres", "sslmode=require")).catch((e: unknown) => e);
  expect((err as BackendStoreError).reason).toContain("does not accept TLS, and sslmode=require requires it");
});

test("allow stays plain where the server takes it, and turns to TLS where it refuses plain", async () => {
  expect(await encrypted(tlsUrl("sslmode=allow"))).toBe(false);
  expect(await encrypted(tlsServer.url("tlsuser", "postgres", "sslmode=allow"))).toBe(true);
  const err = await encrypted(tlsServer.url("tlsuser", "postgres", "sslmode=disable")).catch((e: unknown) => e);
  expect((err as BackendStoreError).reason).toContain("SQLSTATE 28000");
});
