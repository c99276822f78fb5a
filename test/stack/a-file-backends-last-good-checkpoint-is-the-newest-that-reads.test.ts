/**
 * A file backend keeps a copy of each update's checkpoint under `.pulumi/history`; when a
 * stack's current checkpoint cannot be read, the newest of those that reads (gzipped or not)
 * is its last good state. Another stack's copies, `.zst` ones and other backends give none.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, expect, test } from "vitest";
import { fileBackendOf } from "../../src/stack/file-backend";

const dir = mkdtempSync(join(tmpdir(), "history-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const history = join(dir, ".pulumi", "history", "app", "prod");
mkdirSync(history, { recursive: true });
const checkpoint = (urn: string) =>
  JSON.stringify({
    version: 3,
    checkpoint: { stack: "organization/app/prod", latest: { resources: [{ urn, type: "t" }] } },
  });
// Oldest to newest: plain, gzipped, then a corrupt copy (the update that broke the stack).
writeFileSync(join(history, "prod-1700000000000000000.checkpoint.json"), checkpoint("urn:old"));
writeFileSync(join(history, "prod-1700000000000000000.history.json"), "{}");
writeFileSync(join(history, "prod-1800000000000000000.checkpoint.json.gz"), gzipSync(checkpoint("urn:good")));
writeFileSync(join(history, "prod-1900000000000000000.checkpoint.json"), "{not json");
// Newer, but not this reader's: zstd, and a stack named `prod-x` in the same folder.
writeFileSync(join(history, "prod-2000000000000000000.checkpoint.json.zst"), "");
writeFileSync(join(history, "prod-x-1950000000000000000.checkpoint.json"), checkpoint("urn:other"));
// Given by URL, so no CLI is asked which backend it is.
const backendAt = (url: string) =>
  fileBackendOf({ bin: "/nonexistent/pulumi", cwd: dir, env: { PULUMI_BACKEND_URL: url } });
const backend = backendAt(`file://${dir}`);

test("the newest checkpoint that reads is taken, with its path and when it was saved", async () => {
  expect(await backend.lastGoodCheckpoint("organization/app/prod")).toEqual({
    file: ".pulumi/history/app/prod/prod-1800000000000000000.checkpoint.json.gz",
    savedAt: "2027-01-15T08:00:00.000Z",
    resources: [{ urn: "urn:good", type: "t" }],
  });
});

test("no history, no stack of that name, or a backend that is not a file backend give none", async () => {
  expect(await backend.lastGoodCheckpoint("organization/app/dev")).toBeUndefined();
  expect(await backend.lastGoodCheckpoint("organization/web/prod")).toBeUndefined();
  expect(await backendAt("s3://bucket/state").lastGoodCheckpoint("organization/app/prod")).toBeUndefined();
});
