/**
 * A durable data directory written before names compared ignoring case (migration 1
 * only, exact UNIQUE (account, name)) opens after the upgrade: every monitor gets its
 * name key, two names that now collide are both kept (nothing stored is lost), and from
 * then on the collation's rule applies to new names.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, expect, test } from "vitest";
import { migrate } from "../../src/server/migrations";
import { DEFAULT_API_KEY, startUptimeServer, type UptimeServer } from "../../src/server";
import { api, monitorInput } from "../support/api";

let dir: string;
let server: UptimeServer | undefined;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-name-keys-"));
  const pg = new PGlite(dir);
  await migrate(pg, '"uptime"', 1);
  const account = createHash("sha256").update(DEFAULT_API_KEY).digest("hex").slice(0, 32);
  for (const name of ["Status Page", "status page"]) {
    await pg.query(
      `INSERT INTO "uptime".monitors (account, name, url, "interval", status, alert_condition, request_method, created_at, updated_at)
       VALUES ($1, $2, 'https://example.com', 60, 'pending', 'url_unavailable', 'GET', now(), now())`,
      [account, name],
    );
  }
  await pg.close();
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("old monitors are kept and found by any spelling; new names follow the collation", async () => {
  server = await startUptimeServer({ port: 0, dataDir: dir });
  const found = await api(server, "GET", "/api/v1/monitors?search=STATUS%20PAGE&sort=asc");
  expect(found.body.data.map((m: { name: string }) => m.name)).toEqual(["Status Page", "status page"]);
  const res = await api(server, "POST", "/api/v1/monitors", { form: monitorInput({ name: "STATUS PAGE" }) });
  expect(res.status).toBe(422);
  expect(res.body.message).toEqual({ name: ["The name has already been taken."] });
  expect((await api(server, "POST", "/api/v1/monitors", { form: monitorInput({ name: "Other" }) })).status).toBe(201);
});
