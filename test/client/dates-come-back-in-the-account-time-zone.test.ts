/**
 * Dates: the service takes `Y-m-dTH:i:s` wall time in the account's zone and answers in
 * ISO-8601 UTC. The client turns every date back into wall time in its `timeZone`, so a
 * record read back compares equal to what was sent, in summer and in winter time.
 */
import { request } from "undici";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { UptimeClient } from "../../src/client";
import { localClient, startTestServer, uniqueName, type UptimeServer } from "./helpers/local-server";
import { monitorWithIncident } from "../support/monitor-with-incident";

const KEY = "berlin-account-key";
let server: UptimeServer;
let berlin: UptimeClient;
let utc: UptimeClient;

beforeAll(async () => {
  server = await startTestServer({ accounts: [{ apiKey: KEY, timeZone: "Europe/Berlin" }] });
  berlin = localClient(server, { apiKey: KEY, timeZone: "Europe/Berlin" });
  utc = localClient(server, { apiKey: KEY });
});
afterAll(async () => {
  await berlin.close();
  await utc.close();
  await server.close();
});

async function raw(path: string): Promise<Record<string, unknown>> {
  const res = await request(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${KEY}`, accept: "application/json" },
  });
  return ((await res.body.json()) as { data: Record<string, unknown> }).data;
}

it.each([
  ["summer (UTC+2)", "2031-07-01T10:00:00", "2031-07-01T11:30:00", "2031-07-01T08:00:00"],
  ["winter (UTC+1)", "2031-01-15T10:00:00", "2031-01-15T11:30:00", "2031-01-15T09:00:00"],
])("maintenance window round-trips in %s", async (_season, start, end, startUtc) => {
  const created = await berlin.monitors.create({
    name: uniqueName(),
    url: "https://example.com",
    interval: 60,
    maintenance_start_at: start,
    maintenance_end_at: end,
  });
  expect(created).toMatchObject({ maintenance_start_at: start, maintenance_end_at: end });
  expect(await berlin.monitors.get(created.id)).toEqual(created);

  // The wire carries UTC; a client in UTC sees the same instant in its own zone.
  expect(String((await raw(`/api/v1/monitors/${created.id}`)).maintenance_start_at)).toMatch(
    new RegExp(`^${startUtc}(\\.0+)?Z$`),
  );
  expect((await utc.monitors.get(created.id)).maintenance_start_at).toBe(startUtc);

  const listed = (await berlin.monitors.list({ search: created.name })).data[0];
  expect(listed.maintenance_start_at).toBe(start);
  const updated = await berlin.monitors.update(created.id, {
    maintenance_start_at: start,
    maintenance_end_at: "2031-12-31T23:59:59",
  });
  expect(updated).toMatchObject({ maintenance_start_at: start, maintenance_end_at: "2031-12-31T23:59:59" });
});

it("incident times round-trip, and created_at/updated_at are local too", async () => {
  const { monitor: m, incident } = await monitorWithIncident(
    berlin,
    { name: uniqueName(), url: "https://example.com", interval: 60 },
    { started_at: "2024-03-31T01:30:00", acknowledged_at: "2024-03-31T03:30:00", ended_at: "2024-03-31T04:00:00" },
  );
  expect(incident).toMatchObject({
    started_at: "2024-03-31T01:30:00",
    acknowledged_at: "2024-03-31T03:30:00",
    ended_at: "2024-03-31T04:00:00",
  });
  expect(await berlin.incidents.get(incident.id)).toEqual(incident);
  expect((await utc.incidents.get(incident.id)).started_at).toBe("2024-03-31T00:30:00");
  for (const d of [incident.created_at, m.created_at, m.updated_at])
    expect(d).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
});
