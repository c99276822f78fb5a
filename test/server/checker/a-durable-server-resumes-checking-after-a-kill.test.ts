/**
 * `uptime-server --data-dir` killed with SIGKILL and started again goes on checking where
 * it stopped: the incident the checker opened before the kill is still there, still
 * ongoing, and the first checks after the restart end it when the target recovers,
 * without opening another. Runs the built CLI with `--time-scale 60` (a 60 s interval is
 * checked every second) and waits for what each step needs, never for a fixed time.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { api } from "../../support/api";
import { startCli, type CliProcess } from "../../support/cli";
import { eventually } from "../../support/eventually";
import { startTarget, type Target } from "../../support/targets";

let dir: string;
let target: Target;
const running: CliProcess[] = [];
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "uptime-checks-durable-"));
  target = await startTarget();
});
afterAll(async () => {
  for (const p of running) if (p.proc.exitCode === null && p.proc.signalCode === null) p.proc.kill("SIGKILL");
  await target.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<CliProcess> {
  const p = await startCli(["--port", "0", "--data-dir", dir, "--quiet", "--time-scale", "60", "--loopback-only"]);
  running.push(p);
  return p;
}

const monitor = async (url: string, id: number) => (await api(url, "GET", `/api/v1/monitors/${id}`)).body.data;
const incidents = async (url: string) => (await api(url, "GET", "/api/v1/incidents?per_page=100")).body.data;

test("checks resume after SIGKILL and restart, with the incident carried over", async () => {
  const first = await start();
  expect(first.stdout()).toContain("checks: at each monitor's interval sped up 60x, loopback targets only");
  const created = await api(first.url, "POST", "/api/v1/monitors", {
    form: { name: "Durable check", url: `${target.url}/health`, interval: 60 },
  });
  const id = created.body.data.id;
  await eventually("the first scheduled check", async () => (await monitor(first.url, id)).status === "online");

  target.failing(503);
  await eventually("the monitor to go down", async () => (await monitor(first.url, id)).status === "offline");
  const [opened] = await incidents(first.url);
  expect(opened).toMatchObject({ monitor_id: id, status: "unresolved", cause: "503 Service Unavailable" });

  first.proc.kill("SIGKILL");
  expect(await first.exited).toBe("SIGKILL");
  const requestsBefore = target.requests.length;
  target.healthy();

  const second = await start();
  await eventually("a check after the restart", () => target.requests.length > requestsBefore);
  await eventually("the monitor to come back up", async () => (await monitor(second.url, id)).status === "online");
  expect(await incidents(second.url)).toMatchObject([
    { id: opened.id, status: "resolved", cause: "503 Service Unavailable", started_at: opened.started_at },
  ]);
  second.proc.kill("SIGTERM");
  expect(await second.exited).toBe(0);
});
