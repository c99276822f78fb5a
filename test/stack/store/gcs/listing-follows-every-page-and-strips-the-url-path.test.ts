/**
 * A gs:// backend's store lists through every page of objects.list (the server here ends a
 * page after 2 names, as Cloud Storage does after 1000) and, for a URL with a path, only the
 * keys under that path, without it: as the CLI's prefixed bucket sees them. An anonymous URL
 * lists without credentials.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { gcsStore } from "../../../../src/stack/store/gcs/gcs-store";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { closedPort } from "../../../support/closed-port";
import { startGcsTestServer, type GcsTestServer } from "../../../support/gcs-test-server";

let server: GcsTestServer;
const stacks = ["alpha", "beta", "gamma", "delta", "epsilon"].map((s) => `.pulumi/stacks/app/${s}.json`);

beforeAll(async () => {
  server = await startGcsTestServer({ buckets: ["state"], pageSize: 2 });
  for (const key of stacks) await server.put("state", `teams/ops/${key}`, "{}");
  await server.put("state", "teams/ops/.pulumi/meta.yaml", "version: 1\n");
  // Beside the backend's path: another backend's stack, and one whose path only starts alike.
  await server.put("state", ".pulumi/stacks/app/outside.json", "{}");
  await server.put("state", "teams/ops-old/.pulumi/stacks/app/stale.json", "{}");
  await server.put("state", "night shift/.pulumi/stacks/app/late.json", "{}");
}, 600_000);
afterAll(() => server?.stop());

test("the server itself answers a list in pages of 2 names", async () => {
  const res = await fetch(`${server.url}/storage/v1/b/state/o?prefix=teams/ops/`);
  const page = (await res.json()) as { items: unknown[]; nextPageToken?: string };
  expect(page.items).toHaveLength(2);
  expect(page.nextPageToken).toBeTruthy();
});

test("every key under the URL's path, across pages, relative to it", async () => {
  const store = gcsStore("gs://state/teams/ops", { STORAGE_EMULATOR_HOST: server.host });
  expect((await store.list(".pulumi/stacks/")).sort()).toEqual([...stacks].sort());
  expect((await store.list(".pulumi/")).sort()).toEqual([".pulumi/meta.yaml", ...stacks].sort());
  expect(await store.list(".pulumi/history/")).toEqual([]);
});

test("a URL without a path lists the bucket's root; a trailing slash is the same path", async () => {
  const root = gcsStore("gs://state", { STORAGE_EMULATOR_HOST: server.host });
  expect(await root.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/outside.json"]);
  const slashed = gcsStore("gs://state/teams/ops/", { STORAGE_EMULATOR_HOST: server.host });
  expect(await slashed.list(".pulumi/stacks/")).toHaveLength(stacks.length);
});

test("a %-escaped path is the decoded prefix, as the CLI reads the URL", async () => {
  const store = gcsStore("gs://state/night%20shift", { STORAGE_EMULATOR_HOST: server.host });
  expect(await store.list(".pulumi/stacks/")).toEqual([".pulumi/stacks/app/late.json"]);
});

test("openBackendStore opens gs:// URLs with this store, named without the query", async () => {
  const store = openBackendStore("gs://state/teams/ops?anonymous=false", { STORAGE_EMULATOR_HOST: server.host });
  expect(store?.where).toBe("gs://state/teams/ops");
  expect(await store?.list(".pulumi/stacks/app/al")).toEqual([".pulumi/stacks/app/alpha.json"]);
});

test("anonymous=true and access_id=- list without credentials, where none are to be found", async () => {
  const env = { HOME: "/nonexistent", GCE_METADATA_HOST: `127.0.0.1:${await closedPort()}` };
  for (const query of ["anonymous=true", "access_id=-"]) {
    const store = gcsStore(`gs://state/teams/ops?${query}`, env, server.url);
    expect(await store.list(".pulumi/stacks/app/g")).toEqual([".pulumi/stacks/app/gamma.json"]);
  }
  // Without it, the same environment has no credentials to send.
  await expect(gcsStore("gs://state/teams/ops", env, server.url).list(".pulumi/")).rejects.toThrow(
    /no other Google credentials were found/,
  );
});
