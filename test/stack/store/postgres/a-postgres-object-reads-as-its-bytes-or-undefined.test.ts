/**
 * Each object of a `postgres://` backend is a row whose JSON `data` field holds its bytes in
 * base64, as the CLI writes it: a present key reads as exactly those bytes (binary ones too),
 * a missing key as undefined, and a row not in that form is an error naming its key.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { startPostgres, stateTableSql, type PostgresServer } from "../../../support/postgres-server";

const gzipped = gzipSync(Buffer.from('{"version":3,"checkpoint":{}}'));
let pg: PostgresServer;
beforeAll(async () => {
  pg = await startPostgres();
  pg.sql("postgres", stateTableSql("pulumi_state"));
  pg.putObject("postgres", "pulumi_state", "postgres/.pulumi/stacks/app/prod.json", '{"version":3}');
  pg.putObject("postgres", "pulumi_state", "postgres/.pulumi/stacks/app/prod.json.gz", gzipped);
  pg.sql("postgres", `INSERT INTO pulumi_state (key, data) VALUES ('postgres/.pulumi/odd.json', '{"other": 1}');`);
}, 60_000);
afterAll(() => pg?.stop());

const store = () => openBackendStore(pg.url("admin", "postgres", "sslmode=disable"), {})!;

test("a present object reads as its bytes, text or binary", async () => {
  expect((await store().read(".pulumi/stacks/app/prod.json"))?.toString()).toBe('{"version":3}');
  expect((await store().read(".pulumi/stacks/app/prod.json.gz"))?.equals(gzipped)).toBe(true);
});

test("a missing object reads as undefined", async () => {
  expect(await store().read(".pulumi/stacks/app/dev.json")).toBeUndefined();
});

test("a row without the base64 data field is a BackendStoreError naming its key", async () => {
  const err = await store()
    .read(".pulumi/odd.json")
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(BackendStoreError);
  expect((err as BackendStoreError).reason).toContain(".pulumi/odd.json");
});
