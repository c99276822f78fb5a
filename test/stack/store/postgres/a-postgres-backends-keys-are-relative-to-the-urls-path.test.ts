/**
 * The CLI stores a `postgres://host/db` backend's objects under `db/` (its diy backend
 * prefixes every key with the URL's path), and under no prefix when the URL has no path. The
 * store lists and reads them relative to that root, whatever the `table` parameter names
 * (folded to lower case, as the CLI's unquoted table name is).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { startPostgres, stateTableSql, type PostgresServer } from "../../../support/postgres-server";

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
  pg.sql("postgres", "CREATE DATABASE state;");
  pg.sql("state", stateTableSql("pulumi_state") + stateTableSql("team_state"));
  pg.putObject("state", "pulumi_state", "state/.pulumi/stacks/app/prod.json", "under the path");
  pg.putObject("state", "pulumi_state", ".pulumi/stacks/app/dev.json", "at the root");
  pg.putObject("state", "team_state", "state/.pulumi/stacks/web/prod.json", "other table");
}, 60_000);
afterAll(() => pg?.stop());

test("with a path, keys are listed and read without it, and keys outside it are not seen", async () => {
  const store = openBackendStore(pg.url("admin", "state", "sslmode=disable"), {})!;
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/prod.json"]);
  expect((await store.read(".pulumi/stacks/app/prod.json"))?.toString()).toBe("under the path");
  expect(await store.read(".pulumi/stacks/app/dev.json")).toBeUndefined();
});

test("without a path (the database from PGDATABASE), keys are the table's own", async () => {
  const url = `postgres://admin:admin-scram-secret@127.0.0.1:${pg.port}/?sslmode=disable`;
  const store = openBackendStore(url, { PGDATABASE: "state" })!;
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/dev.json"]);
  expect(await store.list("state/")).toEqual(["state/.pulumi/stacks/app/prod.json"]);
  expect((await store.read(".pulumi/stacks/app/dev.json"))?.toString()).toBe("at the root");
});

test("the table parameter picks the table, folded to lower case", async () => {
  const store = openBackendStore(pg.url("admin", "state", "sslmode=disable&table=Team_State"), {})!;
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/web/prod.json"]);
  expect(store.where).toContain("table Team_State");
});
