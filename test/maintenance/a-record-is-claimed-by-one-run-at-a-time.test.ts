/**
 * The record's lock file on its own, real files: created exclusively with who holds it,
 * refused to a second claimant while held, removed by its release only while it is still
 * the same claim, and an unreadable lock refused with the file to remove.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { claimRecord, lockFileOf, RecordInUseError } from "../../src/maintenance/record-claim";
import { RecordError } from "../../src/maintenance/record-file";
import { thrownBy } from "../support/thrown-error";

let dir: string;
let file: string;
const notes: string[] = [];
const note = (t: string) => void notes.push(t);
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "record-claim-"));
  file = join(dir, "rec.json");
  notes.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("holds the command, pid, host and start time, readable by the user only, and is gone after release", () => {
  const release = claimRecord(file, "rec.json", "start", note);
  const held = JSON.parse(readFileSync(lockFileOf(file), "utf8")) as Record<string, unknown>;
  expect(held).toMatchObject({ command: "start", pid: process.pid, host: hostname() });
  expect(Date.parse(held.startedAt as string)).toBeLessThanOrEqual(Date.now());
  if (process.platform !== "win32") expect(statSync(lockFileOf(file)).mode & 0o777).toBe(0o600);
  release();
  expect(existsSync(lockFileOf(file))).toBe(false);
  claimRecord(file, "rec.json", "end", note)();
  expect(notes).toEqual([]);
});

it("refuses a second claim while the first is held, naming the holder", () => {
  const release = claimRecord(file, "rec.json", "start", note);
  const err = thrownBy(() => claimRecord(file, "rec.json", "end", note), RecordInUseError);
  expect(err).toBeInstanceOf(RecordError); // exit 2
  expect(err.holder).toMatchObject({ command: "start", pid: process.pid });
  expect(err.message).toMatch(
    new RegExp(
      `^rec\\.json is in use by another \`maintenance start\` \\(pid ${process.pid} on .*\\); nothing was changed\\. Wait for it`,
    ),
  );
  release();
});

it("a release leaves alone a lock that is no longer its own", () => {
  const release = claimRecord(file, "rec.json", "start", note);
  // Removed by hand and taken by a run elsewhere meanwhile.
  const theirs = JSON.stringify({ command: "start", pid: 4242, host: "other-host", startedAt: "x", token: "theirs" });
  writeFileSync(lockFileOf(file), theirs);
  release();
  expect(readFileSync(lockFileOf(file), "utf8")).toBe(theirs);
});

it("refuses a lock it cannot read, naming the file to remove", () => {
  writeFileSync(lockFileOf(file), "");
  const err = thrownBy(() => claimRecord(file, "rec.json", "start", note), RecordInUseError);
  expect(err.message).toContain(`remove ${lockFileOf(file)}`);
});
