/**
 * The record file is written to a temporary file beside it and renamed over it: when the
 * rename fails (here the record's path is a directory), the error reaches the caller and the
 * temporary file is gone, so no stray copy of the record is left in the directory. Real files.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { newRecord, writeRecordFile } from "../../src/maintenance/record-file";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const record = newRecord(
  {
    service: "http://127.0.0.1:9",
    timeZone: "UTC",
    selection: { search: "api" },
    startedAt: "2026-01-01T00:00:00.000Z",
    window: { start: "2026-01-01 00:00", end: "2026-01-01 01:00" },
  },
  [{ id: 1, name: "api", before: null }],
);

it("throws the rename's error and removes its temporary file when the record cannot be replaced", () => {
  dir = mkdtempSync(join(tmpdir(), "record-file-"));
  const file = join(dir, "rec.json");
  mkdirSync(file);
  expect(() => writeRecordFile(file, record)).toThrow(/EISDIR|ENOTEMPTY|EEXIST|EPERM/);
  expect(readdirSync(dir)).toEqual(["rec.json"]);
});

it("leaves only the record when the write succeeds", () => {
  dir = mkdtempSync(join(tmpdir(), "record-file-"));
  const file = join(dir, "rec.json");
  writeRecordFile(file, record);
  expect(readdirSync(dir)).toEqual(["rec.json"]);
});
