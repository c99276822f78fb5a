/**
 * A `postgres://` backend's listing reads the CLI's table a thousand keys at a time: more keys
 * than one page are all listed, once each, and only those under the prefix, whose `_` and `%`
 * match themselves (not any character, as they would in a bare LIKE pattern).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { startPostgres, stateTableSql, type PostgresServer } from "../../../support/postgres-server";

let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
  pg.sql("postgres", stateTableSql("pulumi_state"));
  // 2,500 stacks of one project, past two page boundaries, and neighbours the prefix must not take.
  pg.sql(
    "postgres",
    `INSERT INTO pulumi_state (key, data)
       SELECT format('postgres/.pulumi/stacks/my_app/s%s.json', lpad(n::text, 4, '0')), '{"data":""}'
       FROM generate_series(1, 2500) AS n;
     INSERT INTO pulumi_state (key, data) VALUES
       ('postgres/.pulumi/stacks/myXapp/other.json', '{"data":""}'),
       ('postgres/.pulumi/stacks/my%app/other.json', '{"data":""}'),
       ('postgres/.pulumi/history/my_app/s0001/s0001-1.checkpoint.json', '{"data":""}');`,
  );
}, 60_000);
afterAll(() => pg?.stop());

test("2,500 keys under one prefix are listed whole, each once, past the 1,000-key pages", async () => {
  const store = openBackendStore(pg.url("admin", "postgres", "sslmode=disable"), {})!;
  const keys = await store.list(".pulumi/stacks/my_app/");
  expect(keys).toHaveLength(2500);
  expect(new Set(keys).size).toBe(2500);
  expect(keys).toContain(".pulumi/stacks/my_app/s0001.json");
  expect(keys).toContain(".pulumi/stacks/my_app/s1000.json");
  expect(keys).toContain(".pulumi/stacks/my_app/s1001.json");
  expect(keys).toContain(".pulumi/stacks/my_app/s2500.json");
});

test("_ and % in a prefix match only themselves", async () => {
  const store = openBackendStore(pg.url("admin", "postgres", "sslmode=disable"), {})!;
  expect(await store.list(".pulumi/stacks/my%app/")).toEqual([".pulumi/stacks/my%app/other.json"]);
  expect(await store.list(".pulumi/stacks/myXapp/")).toEqual([".pulumi/stacks/myXapp/other.json"]);
  expect(await store.list(".pulumi/history/")).toEqual([".pulumi/history/my_app/s0001/s0001-1.checkpoint.json"]);
  expect(await store.list(".pulumi/backups/")).toEqual([]);
});
