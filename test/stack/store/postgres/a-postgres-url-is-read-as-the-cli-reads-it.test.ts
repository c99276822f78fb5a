/**
 * A `postgres://` backend URL read as Pulumi 3.248's CLI and its driver (lib/pq) read it:
 * keys under the URL's path, `table` apart, each setting from the URL else its PG* variable,
 * unknown query parameters sent to the server as run-time parameters. A setting this reader
 * does not support, or a malformed one, is an error naming it, raised by list and read; the
 * backend's name for messages carries no user, password or query.
 */
import { expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { postgresSettings } from "../../../../src/stack/store/postgres/postgres-settings";

const NO_HOME = { HOME: "/nonexistent" };

test("where names host, port, database and table, and no user, password or query", () => {
  const s = postgresSettings("postgres://ops:s3cret%21@db.example:6543/state?sslmode=require&table=team", NO_HOME);
  expect(s.where).toBe("postgres://db.example:6543/state (table team)");
  expect(s.password).toBe("s3cret!");
  expect(s.user).toBe("ops");
});

test("keys sit under the URL's path, as the CLI's bucket prefix puts them", () => {
  expect(postgresSettings("postgres://h/state", NO_HOME).keyPrefix).toBe("state/");
  expect(postgresSettings("postgres://h/", NO_HOME).keyPrefix).toBe("");
  expect(postgresSettings("postgres://h", NO_HOME).keyPrefix).toBe("");
});

test("PG* variables fill what the URL lacks, and the URL wins over them", () => {
  const env = {
    ...NO_HOME,
    PGHOST: "envhost",
    PGPORT: "7000",
    PGUSER: "envuser",
    PGPASSWORD: "envpw",
    PGDATABASE: "envdb",
  };
  const reached = (url: string) => {
    const { host, port, user, password, database } = postgresSettings(url, env);
    return `${user}:${password}@${host}:${port}/${database}`;
  };
  expect(reached("postgres:///")).toBe("envuser:envpw@envhost:7000/envdb");
  expect(reached("postgres://u:p@urlhost:7001/urldb")).toBe("u:p@urlhost:7001/urldb");
});

test("defaults: localhost:5432, sslmode prefer, table pulumi_state; a socket directory turns TLS off", () => {
  const s = postgresSettings("postgres:///?user=u", NO_HOME);
  expect([s.host, s.port, s.sslmode, s.tableName, s.quotedTable]).toEqual([
    "localhost",
    5432,
    "prefer",
    "pulumi_state",
    '"pulumi_state"',
  ]);
  expect(postgresSettings("postgres:///?user=u&host=%2Frun%2Fpg&sslmode=require", NO_HOME).sslmode).toBe("disable");
});

test("unknown query parameters go to the server at startup; the reader's own do not", () => {
  const s = postgresSettings(
    "postgres://u@h/db?search_path=pulumi&application_name=audit&sslmode=disable&table=t",
    NO_HOME,
  );
  expect(s.startup).toEqual({ client_encoding: "UTF8", application_name: "audit", search_path: "pulumi" });
});

test.each([
  ["service=prod", "service: a connection service file is not read"],
  ["sslnegotiation=direct", "sslnegotiation: only the usual SSLRequest negotiation"],
  ["krbsrvname=pg", "krbsrvname: Kerberos"],
  ["target_session_attrs=read-write", 'target_session_attrs must be "any" here'],
  ["sslmode=strict", "sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full"],
  ["table=state;drop", "table must be a plain SQL identifier"],
  ["connect_timeout=soon", "connect_timeout must be a whole number of seconds"],
  ["host=a,b", "host: several hosts are not supported"],
])("%s is refused by list and read, naming it", async (query, reason) => {
  const store = openBackendStore(`postgres://u:pw-9q@h/db?${query}`, NO_HOME)!;
  for (const attempt of [store.list(".pulumi/"), store.read(".pulumi/meta.yaml")]) {
    const err = await attempt.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BackendStoreError);
    expect((err as BackendStoreError).reason).toContain(reason);
    expect((err as BackendStoreError).message).not.toContain("pw-9q");
  }
});

test("a malformed %-escape in the password is refused without showing it", async () => {
  const err = await openBackendStore("postgres://u:pw-9q%zz@h/db", NO_HOME)!
    .list(".pulumi/")
    .catch((e: unknown) => e);
  expect((err as BackendStoreError).reason).toBe("the URL's password has a malformed %-escape");
  expect((err as BackendStoreError).message).not.toContain("pw-9q");
});

test("postgresql:// is not a backend the CLI takes, so no store reads it", () => {
  expect(openBackendStore("postgresql://u@h/db", NO_HOME)).toBeUndefined();
});
