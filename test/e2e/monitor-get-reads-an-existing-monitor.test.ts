/**
 * `Monitor.get(name, id)` under the real engine: a program reads a monitor it does not
 * manage (created through the API) and exports its fields; `destroy` leaves it alone.
 */
import { describe, expect, it } from "vitest";
import { MONITOR_TYPE, byName, occurrences, ok, outputSections } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { stackReadingAMonitor } from "./stack-reading-a-monitor";

describe("Monitor.get", () => {
  const e2e = lifecycleStack();

  it("reads an existing monitor without managing it", async () => {
    const existing = await stackReadingAMonitor(e2e, "get", {
      name: "e2e read only",
      url: "https://readonly.example.com/",
      interval: 900,
    });

    const writes = e2e.srv.server.writeCount();
    const up = ok(await e2e.stack.up());
    expect(up.output).toMatch(/read\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+existing/);
    expect(await e2e.stack.outputs()).toMatchObject({
      name: "e2e read only",
      url: "https://readonly.example.com/",
      interval: 900,
      monitorId: existing.id,
    });
    const state = byName(await e2e.stack.resources(MONITOR_TYPE), "existing");
    expect(state).toMatchObject({ id: String(existing.id), external: true });

    ok(await e2e.stack.preview(["--expect-no-changes"]));
    ok(await e2e.stack.destroy());
    expect(e2e.srv.server.writeCount() - writes).toBe(0);
    expect(await e2e.srv.api.monitor(existing.id)).toMatchObject({ id: existing.id, name: "e2e read only" });
  });

  // On a 404, `read` answers an empty id only for a managed monitor's state (deleted out of
  // band: refresh drops it); a bare `get` fails naming the id.
  it("fails clearly for an id that does not exist, once and without a stack trace", async () => {
    await e2e.stack.setConfig("fixture:monitorId", "999999");
    const up = await e2e.stack.up();
    expect(up.output).not.toMatch(/Undefined value \(name\)/);
    expect(up.code).not.toBe(0);
    expect(up.output).toMatch(
      /Monitor\)? \(?existing\)?:?\s+error: Monitor 999999: no monitor with id 999999 in this account/,
    );
    // "Once": the CLI prints every diagnostic as it happens and again under Diagnostics, so
    // the message is in each section exactly once, and nowhere else (not on stderr).
    const message = "no monitor with id 999999";
    const { progress, diagnostics } = outputSections(up.stdout);
    expect(occurrences(progress, message), up.output).toBe(1);
    expect(occurrences(diagnostics, message), up.output).toBe(1);
    expect(diagnostics).toMatch(
      /uptime:Monitor \(existing\):\n\s+error: Monitor 999999: no monitor with id 999999 in this account\n/,
    );
    expect(occurrences(up.output, message), up.output).toBe(2);
    // The provider host's own print of the error (class name, then the trace) is gone.
    expect(up.output).not.toContain("UptimeResourceError");
    expect(up.output).not.toMatch(/\n\s+at \S+ \(/);
  });
});
