import { describe, expect, it } from "vitest";
import { incident, monitor } from "../../src/dynamic/runtime";
import { configureFromStack } from "../../src/runtime/config";
import { providerHarness } from "./helpers";
import { fileFixture } from "../support/file-fixture";
import { monitorWithIncident } from "../support/monitor-with-incident";

const h = fileFixture(() => providerHarness());

const inputs = { name: "Errors", url: "https://e.example.com", interval: 60, __resourceName: "api" };

describe("Errors a user reads", () => {
  it("a service rejection names the resource, the property and the service's message", async () => {
    const { monitor: m } = await monitorWithIncident(
      h.outOfBand,
      { name: "Busy", url: "https://b.example.com", interval: 60 },
      { started_at: "2026-01-01T00:00:00", ended_at: "2026-01-01T02:00:00" },
    );
    // Starting before the previous incident ended is the service's rule, not one check can know.
    const err = await incident
      .create({ monitorId: m.id, startedAt: "2026-01-01T01:00:00", __resourceName: "second" })
      .catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/^Incident "second": the service rejected startedAt: /);
  });

  it("an incident on a monitor with an ongoing incident it did not declare says so and what to do", async () => {
    const { monitor: m, incident: ongoing } = await monitorWithIncident(
      h.outOfBand,
      { name: "Down now", url: "https://d.example.com", interval: 60 },
      { started_at: "2026-01-03T00:00:00", cause: "503 Service Unavailable" },
    );
    const err = (await incident
      .create({
        monitorId: m.id,
        startedAt: "2025-12-01T00:00:00",
        endedAt: "2025-12-01T01:00:00",
        __resourceName: "history",
      })
      .catch((e: Error) => e)) as Error & { fields?: Record<string, string[]> };
    expect(err.message).toContain(
      `Incident "history": monitor ${m.id} already has an ongoing incident (id ${ongoing.id}, started 2026-01-03T00:00:00, cause "503 Service Unavailable")`,
    );
    expect(err.message).toContain("most likely the service opened it when a check failed");
    expect(err.message).toContain("Run `pulumi up` again once that incident has ended");
    expect(err.message).toContain(`getIncident({ incidentId: ${ongoing.id} })`);
    expect(err.fields).toEqual({ monitorId: ["already has an ongoing incident"] });
    // Nothing was stored.
    expect((await h.outOfBand.incidents.list({ monitor_id: m.id })).data).toHaveLength(1);
  });

  it("a 401 says which config key or variable to set, and never shows the key", async () => {
    configureFromStack({
      get: (k) => (({ "uptime:baseUrl": h.server.url, "uptime:apiKey": "wrong-key-123" }) as Record<string, string>)[k],
    });
    try {
      const err = (await monitor.create(inputs).catch((e: Error) => e)) as Error;
      expect(err.message).toMatch(/^Monitor "api": the service did not accept the API key from uptime:apiKey \(401/);
      expect(err.message).toContain("pulumi config set --secret uptime:apiKey");
      expect(err.message).toContain("UPTIME_API_KEY");
      expect(JSON.stringify(err) + err.message + err.stack).not.toContain("wrong-key-123");
    } finally {
      configureFromStack({
        get: (k) =>
          (({ "uptime:baseUrl": h.server.url, "uptime:apiKey": "uptime-local-dev-key" }) as Record<string, string>)[k],
      });
    }
  });

  it("missing configuration names both the stack config keys and the environment variables", async () => {
    const saved = { url: process.env.UPTIME_BASE_URL, key: process.env.UPTIME_API_KEY };
    delete process.env.UPTIME_BASE_URL;
    delete process.env.UPTIME_API_KEY;
    configureFromStack({ get: () => undefined });
    try {
      const err = (await monitor.create(inputs).catch((e: Error) => e)) as Error;
      expect(err.message).toMatch(/^Monitor "api": pulumi-uptime is not configured/);
      for (const s of ["uptime:apiKey", "UPTIME_API_KEY", "uptime:baseUrl", "UPTIME_BASE_URL"])
        expect(err.message).toContain(s);
    } finally {
      if (saved.url) process.env.UPTIME_BASE_URL = saved.url;
      if (saved.key) process.env.UPTIME_API_KEY = saved.key;
      configureFromStack({
        get: (k) =>
          (({ "uptime:baseUrl": h.server.url, "uptime:apiKey": "uptime-local-dev-key" }) as Record<string, string>)[k],
      });
    }
  });

  it("the environment is the fallback when stack config is absent", async () => {
    process.env.UPTIME_BASE_URL = h.server.url;
    process.env.UPTIME_API_KEY = "uptime-local-dev-key";
    configureFromStack({ get: () => undefined });
    try {
      const { id } = await monitor.create({ ...inputs, name: "From env" });
      expect(Number(id)).toBeGreaterThan(0);
    } finally {
      delete process.env.UPTIME_BASE_URL;
      delete process.env.UPTIME_API_KEY;
      configureFromStack({
        get: (k) =>
          (({ "uptime:baseUrl": h.server.url, "uptime:apiKey": "uptime-local-dev-key" }) as Record<string, string>)[k],
      });
    }
  });

  it("an update of a monitor deleted outside Pulumi says so and how to recreate it", async () => {
    const created = await monitor.create({ ...inputs, name: "Deleted behind our back" });
    await h.outOfBand.monitors.delete(Number(created.id));
    const err = (await monitor
      .update(created.id, created.outs, { ...created.outs, interval: 300 })
      .catch((e: Error) => e)) as Error;
    expect(err.message).toBe(
      `Monitor "api": monitor ${created.id} was deleted outside Pulumi (the service has no monitor with that id). ` +
        "Run `pulumi up --refresh` to create it again (or `pulumi refresh`, then `pulumi up`).",
    );
  });
});
