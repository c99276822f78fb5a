/**
 * First deployment: `pulumi up` of a real program creates its monitors and incident, and the
 * server then holds exactly those, with the declared fields.
 */
import { describe, expect, it } from "vitest";
import { INCIDENT_TYPE, MONITOR_TYPE, byName, ok, secs, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { asList, sameInstant } from "./api";

describe("pulumi up", () => {
  const e2e = lifecycleStack({ stack: { project: "lifecycle" } });

  it("creates the declared monitors and incident, and the server holds exactly those", async () => {
    const up = ok(await e2e.stack.up());
    console.log(
      `up (create 2 monitors + 1 incident): ${secs(up.ms)}; ${e2e.srv.server.requests.length} requests, ${e2e.srv.server.writeCount()} writes`,
    );
    expect(summary(up.output)).toMatchObject({ create: 4 }); // the e2e.stack, two monitors, the incident

    const monitors = await e2e.srv.api.monitors();
    expect(monitors.map((m) => m.name).sort()).toEqual(["e2e api", "e2e web"]);
    const api = monitors.find((m) => m.name === "e2e api")!;
    const web = monitors.find((m) => m.name === "e2e web")!;
    expect(api).toMatchObject({
      url: "https://api.example.com/health",
      interval: 60,
      alert_condition: "url_no_text",
      alert_text_lookup: "ok",
      request_method: "GET",
      ssl_alert_days: 14,
      domain_alert_days: 0,
      cache_buster: 0,
    });
    expect(asList(api.request_headers).map(({ key, value }) => ({ key, value }))).toEqual([
      { key: "Accept", value: "application/json" },
    ]);
    expect(asList(api.alerts).map(({ key, value }) => ({ key, value }))).toEqual([
      { key: "email", value: "ops@example.com" },
    ]);
    expect(web).toMatchObject({
      url: "https://www.example.com/",
      interval: 300,
      alert_condition: "url_unavailable",
      request_method: "GET",
    });
    expect(asList(web.alerts)).toEqual([]);

    const incidents = await e2e.srv.api.incidents();
    expect(incidents).toHaveLength(1);
    expect(incidents[0].monitor_id).toBe(api.id);
    expect(sameInstant(incidents[0].started_at, "2024-01-01T10:00:00")).toBe(true);
    expect(sameInstant(incidents[0].ended_at, "2024-01-01T11:00:00")).toBe(true);
    expect(incidents[0].cause).toBe("502 Bad Gateway");

    // The state records the service's ids.
    const resources = await e2e.stack.resources();
    expect(byName(resources, "api")).toMatchObject({ type: MONITOR_TYPE, id: String(api.id) });
    expect(byName(resources, "web")).toMatchObject({ type: MONITOR_TYPE, id: String(web.id) });
    expect(byName(resources, "outage")).toMatchObject({ type: INCIDENT_TYPE, id: String(incidents[0].id) });
    expect(await e2e.stack.outputs()).toMatchObject({ apiId: api.id, webId: web.id, incidentId: incidents[0].id });
  });
});
