/**
 * The account reads local times in Europe/Berlin; the stack says nothing (uptime:timeZone
 * defaults to UTC). Under the real engine: `up` warns once, through the engine's log,
 * naming uptime:timeZone and the account's offset, although two monitors show the
 * mismatch; a refresh then shows the dates drifting, and says why once. With
 * uptime:timeZone set to the account's zone, `up` (which records the setting) says
 * nothing more, and nothing drifts. A start inside the zone's daylight-saving gap fails
 * `preview`, naming the field.
 */
import { describe, expect, it } from "vitest";
import { failed, ok, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { describeRequests, requestsBeyondSettingsCheck } from "./api";

const WARNING =
  /uptime:timeZone is UTC, but the service's account reads local times in another zone: Monitor "nightly-(db|web)" sent maintenanceStartAt 2030-01-15T10:00:00 and the service stored 2030-01-15T09:00:00 \(in UTC\)/g;

const REFRESH_WARNING =
  /uptime:timeZone is UTC, but the service's account reads local times in another zone: Monitor "nightly-(db|web)" recorded maintenanceStartAt 2030-01-15T10:00:00 and the service now returns 2030-01-15T09:00:00 \(in UTC\)/g;

describe("a stack whose time zone is not the account's", () => {
  const e2e = lifecycleStack({ server: { timeZone: "Europe/Berlin" }, stack: { project: "maintenance" } });

  it("is warned about once by up, and drifts on refresh", async () => {
    const up = ok(await e2e.stack.up());
    expect(summary(up.output)).toMatchObject({ create: 3 });
    // The CLI shows a warning as it happens and again under Diagnostics: one warning, although both monitors showed it.
    const diagnostics = up.stdout.slice(up.stdout.indexOf("Diagnostics:"), up.stdout.indexOf("Resources:"));
    expect(diagnostics.match(WARNING), up.output).toHaveLength(1);
    expect(diagnostics).toMatch(/warning: uptime:timeZone is UTC/);
    // Attached to the monitor whose write showed it.
    expect(diagnostics).toMatch(
      /pulumi-nodejs:dynamic\/uptime:Monitor \(nightly-(db|web)\):\n\s+warning: uptime:timeZone is UTC/,
    );
    expect(up.output).toContain(
      "The account's zone is UTC+01:00 at that date: set it with `pulumi config set uptime:timeZone",
    );
    // What the warning is about: refreshed, the dates read back as another time.
    const drift = failed(await e2e.stack.preview(["--refresh", "--expect-no-changes", "--diff"]));
    expect(drift.output).toMatch(/maintenanceStartAt\s*:\s*"2030-01-15T10:00:00" => "2030-01-15T09:00:00"/);
    // The refresh (a process that wrote nothing) says why, once, although both monitors show
    // it (with --diff the CLI prints a diagnostic once, after the summary).
    expect(drift.output.match(REFRESH_WARNING), drift.output).toHaveLength(1);
  });

  it("with uptime:timeZone set to the account's zone, up says nothing more and nothing drifts", async () => {
    await e2e.stack.setConfig("uptime:timeZone", "Europe/Berlin");
    const from = e2e.srv.server.requests.length;
    const up = ok(await e2e.stack.up());
    expect(up.output).not.toContain("uptime:timeZone is");
    // The service had the intended instants all along; only their reading was off.
    expect(e2e.srv.server.requests.slice(from).filter((r) => r.write)).toEqual([]);
    expect((await e2e.srv.api.monitors()).map((m) => m.maintenance_start_at)).toEqual([
      "2030-01-15T09:00:00.000000Z",
      "2030-01-15T09:00:00.000000Z",
    ]);
    ok(await e2e.stack.preview(["--refresh", "--expect-no-changes"]));
  });

  it("fails preview for a start the zone skips (daylight saving), naming the field, sending nothing but the settings check", async () => {
    await e2e.stack.setConfig("fixture:start", "2030-03-31T02:30:00");
    const from = e2e.srv.server.requests.length;
    const preview = failed(await e2e.stack.preview());
    expect(preview.output).toContain(
      "maintenanceStartAt: 2030-03-31T02:30:00 does not exist in time zone Europe/Berlin (uptime:timeZone)",
    );
    expect(requestsBeyondSettingsCheck(e2e.srv.server, from), describeRequests(e2e.srv.server, from)).toEqual([]);
  });
});
