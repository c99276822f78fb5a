/**
 * Inputs built from outputs that are unknown during preview (a monitor's url and name
 * interpolated from another monitor's monitorId, an Incident's monitorId from a Monitor
 * created in the same run): `preview` succeeds and shows the creates, and `up` then
 * resolves them to the real id.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, ok, summary } from "./harness";
import { requestsBeyondSettingsCheck, startE2EServer, type E2EServer } from "./api";

describe("unknown inputs", () => {
  let srv: E2EServer;
  let stack: E2EStack;

  beforeAll(async () => {
    srv = await startE2EServer();
    stack = await E2EStack.create({ project: "unknowns", server: srv });
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });

  it("preview succeeds and shows the creates; up resolves them", async () => {
    const from = srv.server.requests.length;
    const preview = ok(await stack.preview());
    for (const line of [
      /\+\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+primary\s+create/,
      /\+\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+dependent\s+create/,
      /\+\s+pulumi-nodejs:dynamic\/uptime:Incident\s+primary-outage\s+create/,
    ]) {
      expect(preview.output).toMatch(line);
    }
    expect(summary(preview.output)).toMatchObject({ create: 4 });
    expect(preview.output).not.toMatch(/error/i);
    expect(requestsBeyondSettingsCheck(srv.server, from)).toEqual([]);

    ok(await stack.up());
    const primary = await srv.api.monitorNamed("e2e primary");
    const dependent = await srv.api.monitorNamed(`e2e dependent of ${primary.id}`);
    expect(dependent.url).toBe(`https://status.example.com/monitors/${primary.id}`);
    const incidents = await srv.api.incidents();
    expect(incidents.map((i) => i.monitor_id)).toEqual([primary.id]);
    ok(await stack.preview(["--expect-no-changes"]));
  });
});
