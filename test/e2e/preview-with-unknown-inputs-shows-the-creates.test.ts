/**
 * Inputs built from outputs that are unknown during preview (a monitor's url and name
 * interpolated from another monitor's monitorId, an Incident's monitorId from a Monitor
 * created in the same run): `preview` succeeds and shows the creates, and `up` then
 * resolves them to the real id.
 */
import { describe, expect, it } from "vitest";
import { ok, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { requestsBeyondSettingsCheck } from "./api";

describe("unknown inputs", () => {
  const e2e = lifecycleStack({ stack: { project: "unknowns" } });

  it("preview succeeds and shows the creates; up resolves them", async () => {
    const from = e2e.srv.server.requests.length;
    const preview = ok(await e2e.stack.preview());
    for (const line of [
      /\+\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+primary\s+create/,
      /\+\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+dependent\s+create/,
      /\+\s+pulumi-nodejs:dynamic\/uptime:Incident\s+primary-outage\s+create/,
    ]) {
      expect(preview.output).toMatch(line);
    }
    expect(summary(preview.output)).toMatchObject({ create: 4 });
    expect(preview.output).not.toMatch(/error/i);
    expect(requestsBeyondSettingsCheck(e2e.srv.server, from)).toEqual([]);

    ok(await e2e.stack.up());
    const primary = await e2e.srv.api.monitorNamed("e2e primary");
    const dependent = await e2e.srv.api.monitorNamed(`e2e dependent of ${primary.id}`);
    expect(dependent.url).toBe(`https://status.example.com/monitors/${primary.id}`);
    const incidents = await e2e.srv.api.incidents();
    expect(incidents.map((i) => i.monitor_id)).toEqual([primary.id]);
    ok(await e2e.stack.preview(["--expect-no-changes"]));
  });
});
