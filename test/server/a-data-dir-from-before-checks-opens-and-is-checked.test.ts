/**
 * A data directory written by a build from before the checker (schema version 1) opens:
 * the migration adds the check columns, what was stored is all there, and its monitors
 * are checked. The old directory is made by rolling this build's second migration back.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { Accounts } from "../../src/server/auth";
import { openDatabase } from "../../src/server/db";
import { migrate } from "../../src/server/migrations";
import { startUptimeServer } from "../../src/server";
import { api } from "../support/api";
import { startTarget, type Target } from "../support/targets";

let dir: string;
let target: Target;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-old-dir-"));
  target = await startTarget();
});
afterAll(async () => {
  await target.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a version-1 directory gains the check columns and keeps its data", async () => {
  const db = await openDatabase(dir);
  try {
    // The layout of a release before checking: the first migration only.
    await migrate(db.pg, db.schema, 1);
    const S = db.schema;
    const created = "2024-01-01T00:00:00Z";
    await db.pg.query(
      `INSERT INTO ${S}.monitors (account, name, url, "interval", status, alert_condition, request_method, created_at, updated_at)
       VALUES ($1, 'Old monitor', $2, 60, 'online', 'url_unavailable', 'GET', $3, $3)`,
      // The account id of the default key (a hash of it; see auth.ts).
      [new Accounts(undefined).ids()[0], `${target.url}/old`, created],
    );
  } finally {
    await db.release();
  }

  const server = await startUptimeServer({ port: 0, dataDir: dir, checks: { schedule: false, loopbackOnly: true } });
  try {
    const list = (await api(server, "GET", "/api/v1/monitors")).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      name: "Old monitor",
      status: "online",
      checked_at: null,
      response_time: null,
      check_result: null,
    });
    target.failing(500);
    expect(await server.runChecks()).toMatchObject({ checked: 1, down: 1 });
    expect((await api(server, "GET", `/api/v1/monitors/${list[0].id}`)).body.data).toMatchObject({
      status: "offline",
      check_result: "500 Internal Server Error",
    });
  } finally {
    await server.close();
  }
});
