/**
 * A file backend keeps a copy of each update's checkpoint under `.pulumi/history`; when a
 * stack's current checkpoint cannot be read, the newest of those that reads (gzipped or not)
 * is its last good state.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, expect, test } from "vitest";
import { lastGoodCheckpoint } from "../../src/stack/history-checkpoint";
import { fileStore } from "../../src/stack/store/file-store";

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
const store = fileStore(`file://${dir}`);

test("the newest checkpoint that reads is taken, with its key and when it was saved", async () => {
  expect(await lastGoodCheckpoint(store, "organization/app/prod")).toEqual({
    file: ".pulumi/history/app/prod/prod-1800000000000000000.checkpoint.json.gz",
    savedAt: "2027-01-15T08:00:00.000Z",
    resources: [{ urn: "urn:good", type: "t" }],
  });
});

test("no history, no stack of that name, or no store give none", async () => {
  expect(await lastGoodCheckpoint(store, "organization/app/dev")).toBeUndefined();
  expect(await lastGoodCheckpoint(store, "organization/web/prod")).toBeUndefined();
  expect(await lastGoodCheckpoint(undefined, "organization/app/prod")).toBeUndefined();
});
