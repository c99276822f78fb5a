/**
 * A YAML program through the plugin whose monitors declare no maintenance window, on a
 * checking local server in Europe/Berlin:
 * - a window opened through the API survives `preview --refresh --expect-no-changes` and
 *   `up --refresh`, which write nothing, and the service still shows it;
 * - `pulumi-uptime maintenance start --stack` sets a window in the account's time zone on
 *   exactly the stack's monitors, which the server shows as `maintenance` and does not check,
 *   and the drift check passes during it; `--dry-run` writes nothing; `end` restores the
 *   window scheduled before start and clears the other; a second `end` writes nothing;
 * - an unknown stack exits 2 naming it, writing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, ok } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { yamlProject } from "./yaml-project";
import { startTarget, type Target } from "../support/targets";
import { formatLocalDateTime, localDateTimeToEpoch } from "../../src/util/time";
import { isWallTime, maintenance, recordOf } from "./maintenance-cli";

const ZONE = "Europe/Berlin";
const berlin = (ms: number) => formatLocalDateTime(Math.floor(ms / 1000) * 1000, ZONE);

const program = yamlProject(
  "e2e-maintenance-yaml",
  `config:
  targetUrl:
    type: string
resources:
  api:
    type: uptime:index:Monitor
    properties:
      name: maint yaml api
      url: \${targetUrl}
      interval: 60
  web:
    type: uptime:index:Monitor
    properties:
      name: maint yaml web
      url: \${targetUrl}
      interval: 60
`,
);

describe("maintenance windows of a YAML stack", () => {
  let target: Target;
  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(() => target?.close());
  const e2e = lifecycleStack({
    server: { checks: true, timeZone: ZONE },
    stack: (srv) =>
      E2EStack.create({
        project: "maint-yaml",
        files: { "Pulumi.yaml": program },
        server: srv,
        config: { "uptime:timeZone": ZONE, targetUrl: `${target.url}/health` },
      }),
    up: true,
  });
  let outsideId: number;

  it("a window opened through the API survives preview --refresh and up --refresh, and the service keeps it", async () => {
    const api = await e2e.srv.api.monitorNamed("maint yaml api");
    const win = { start: berlin(Date.now() - 60_000), end: berlin(Date.now() + 3_600_000) };
    await e2e.srv.api.patchMonitor(api.id, { maintenance_start_at: win.start, maintenance_end_at: win.end });
    expect((await e2e.srv.api.monitor(api.id))?.status).toBe("maintenance");

    const writes = e2e.srv.server.writeCount();
    ok(await e2e.stack.preview(["--refresh", "--expect-no-changes"]));
    ok(await e2e.stack.up(["--refresh", "--expect-no-changes"]));
    expect(e2e.srv.server.writeCount()).toBe(writes);
    const after = (await e2e.srv.api.monitor(api.id))!;
    expect(after.status).toBe("maintenance");
    expect(isWallTime(after.maintenance_start_at, win.start, ZONE)).toBe(true);
    expect(isWallTime(after.maintenance_end_at, win.end, ZONE)).toBe(true);
  });

  it("start --stack silences exactly the stack's monitors in the account's zone; the checker skips them", async () => {
    const outside = await e2e.srv.api.createMonitor({
      name: "maint yaml outside",
      url: `${target.url}/health`,
      interval: 60,
    });
    outsideId = outside.id;
    // The api monitor now has a window scheduled for tomorrow, which end must give back.
    const api = await e2e.srv.api.monitorNamed("maint yaml api");
    const tomorrow = { start: berlin(Date.now() + 86_400_000), end: berlin(Date.now() + 90_000_000) };
    await e2e.srv.api.patchMonitor(api.id, { maintenance_start_at: tomorrow.start, maintenance_end_at: tomorrow.end });

    const writes = e2e.srv.server.writeCount();
    const dry = await maintenance(e2e.stack, ["start", "--stack", e2e.stack.stack, "--for", "30m", "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/Would silence 2 monitors, .* \(Europe\/Berlin\)\. Nothing was changed/);
    expect(e2e.srv.server.writeCount()).toBe(writes);
    expect(recordOf(e2e.stack)).toBeUndefined();

    const before = Date.now();
    const started = await maintenance(e2e.stack, ["start", "--stack", e2e.stack.stack, "--for", "30m"]);
    expect(started.stderr).toBe("");
    expect(started.code).toBe(0);
    const record = recordOf(e2e.stack)!;
    const web = await e2e.srv.api.monitorNamed("maint yaml web");
    expect(record.monitors.map((m) => m.id).sort()).toEqual([api.id, web.id].sort());
    expect(record.timeZone).toBe(ZONE);
    expect(record.monitors.find((m) => m.id === api.id)?.before).toEqual(tomorrow);
    const start = localDateTimeToEpoch(record.window.start, ZONE);
    // Now, at the mark's second (up to 59 s before): docs/maintenance.md.
    expect(start).toBeGreaterThan(before - 60_000);
    expect(start).toBeLessThanOrEqual(Date.now());
    for (const id of [api.id, web.id]) {
      const live = (await e2e.srv.api.monitor(id))!;
      expect(live.status).toBe("maintenance");
      expect(isWallTime(live.maintenance_start_at, record.window.start, ZONE)).toBe(true);
      expect(isWallTime(live.maintenance_end_at, record.window.end, ZONE)).toBe(true);
    }
    expect((await e2e.srv.api.monitor(outsideId))?.maintenance_start_at).toBeNull();
    expect(await e2e.srv.server.runChecks()).toMatchObject({ checked: 1 });

    ok(await e2e.stack.preview(["--refresh", "--expect-no-changes"]));
  });

  it("end restores the window scheduled before start and clears the other; a second end writes nothing", async () => {
    const api = await e2e.srv.api.monitorNamed("maint yaml api");
    const web = await e2e.srv.api.monitorNamed("maint yaml web");
    const tomorrow = recordOf(e2e.stack)!.monitors.find((m) => m.id === api.id)!.before!;
    const ended = await maintenance(e2e.stack, ["end"]);
    expect(ended.code).toBe(0);
    const liveApi = (await e2e.srv.api.monitor(api.id))!;
    expect(isWallTime(liveApi.maintenance_start_at, tomorrow.start, ZONE)).toBe(true);
    expect(isWallTime(liveApi.maintenance_end_at, tomorrow.end, ZONE)).toBe(true);
    expect((await e2e.srv.api.monitor(web.id))?.maintenance_start_at).toBeNull();
    expect(await e2e.srv.server.runChecks()).toMatchObject({ checked: 3 });

    const writes = e2e.srv.server.writeCount();
    const again = await maintenance(e2e.stack, ["end"]);
    expect(again.code).toBe(0);
    expect(e2e.srv.server.writeCount()).toBe(writes);
  });

  it("an unknown stack exits 2 naming it, and nothing is written", async () => {
    const writes = e2e.srv.server.writeCount();
    const r = await maintenance(e2e.stack, [
      "start",
      "--stack",
      "no-such-stack",
      "--for",
      "10m",
      "--record",
      "unknown.json",
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no-such-stack/);
    expect(e2e.srv.server.writeCount()).toBe(writes);
    expect(recordOf(e2e.stack, "unknown.json")).toBeUndefined();
  });
});
