/**
 * With a data directory, every write answered with success survives SIGKILL: the built CLI
 * is started, written to over HTTP, killed with SIGKILL, restarted on the same directory
 * and read back.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { api } from "../support/api";
import { requireBuiltCli, startCli, type CliProcess } from "../support/cli";

let dir: string;
const running: CliProcess[] = [];

beforeAll(() => {
  requireBuiltCli();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-durable-"));
});
afterAll(() => {
  for (const p of running) if (p.proc.exitCode === null && p.proc.signalCode === null) p.proc.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<CliProcess> {
  // Checking off: this test is about what requests write, and its monitors point off the machine.
  const p = await startCli(["--port", "0", "--data-dir", dir, "--quiet", "--no-checks"]);
  running.push(p);
  return p;
}

test("monitors, incidents, updates and deletes survive SIGKILL and restart", async () => {
  const first = await start();
  const ids: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await api(first.url, "POST", "/api/v1/monitors", {
      form: { name: `Durable ${i}`, url: `https://example.com/${i}`, interval: 60 },
    });
    expect(res.status).toBe(201);
    ids.push(res.body.data.id);
  }
  const incident = await api(first.url, "POST", "/api/v1/incidents", {
    form: { monitor_id: ids[0], started_at: "2024-01-01T00:00:00", cause: "kept" },
  });
  expect(incident.status).toBe(201);
  expect(
    (await api(first.url, "PATCH", `/api/v1/monitors/${ids[1]}`, { form: { interval: 3600, pause: 1 } })).status,
  ).toBe(200);
  expect((await api(first.url, "DELETE", `/api/v1/monitors/${ids[2]}`)).status).toBe(200);
  const before = (await api(first.url, "GET", "/api/v1/monitors?sort=asc")).body.data;

  first.proc.kill("SIGKILL");
  expect(await first.exited).toBe("SIGKILL");

  const second = await start();
  const after = (await api(second.url, "GET", "/api/v1/monitors?sort=asc")).body.data;
  expect(after).toEqual(before);
  expect(after.map((m: { name: string }) => m.name)).toEqual(["Durable 0", "Durable 1", "Durable 3", "Durable 4"]);
  expect(after[0].status).toBe("offline");
  expect(after[1]).toMatchObject({ interval: 3600, status: "paused" });
  const kept = await api(second.url, "GET", `/api/v1/incidents/${incident.body.data.id}`);
  expect(kept.body.data).toEqual(incident.body.data);

  // Ids continue after the restart rather than being reused.
  const next = await api(second.url, "POST", "/api/v1/monitors", {
    form: { name: "After restart", url: "https://example.com", interval: 60 },
  });
  expect(next.body.data.id).toBeGreaterThan(Math.max(...ids));

  // Two servers on one live directory would corrupt it: the second is refused.
  await expect(startCli(["--port", "0", "--data-dir", dir, "--quiet", "--no-checks"])).rejects.toThrow(
    /in use by process/,
  );

  second.proc.kill("SIGTERM");
  expect(await second.exited).toBe(0);
});
