/**
 * `close()`: a dispatcher passed in stays open (it is the caller's); the shared default
 * one stays open while another client still uses it; the closed client refuses calls.
 */
import { Agent } from "undici";
import { expect, it } from "vitest";
import { UptimeClient, UptimeConfigError, UptimeError } from "../../src/client";
import { monitorBody, startTinyServer } from "./helpers/tiny-server";
import { fileFixture } from "../support/file-fixture";

const server = fileFixture(() => startTinyServer(() => ({ json: { data: monitorBody() } })));

it("leaves a caller's dispatcher open", async () => {
  const agent = new Agent();
  const c = new UptimeClient({ baseUrl: server.url, apiKey: "close-key", dispatcher: agent });
  await c.monitors.get(1);
  await c.close();
  expect(agent.closed).toBe(false);
  const again = new UptimeClient({ baseUrl: server.url, apiKey: "close-key", dispatcher: agent });
  await expect(again.monitors.get(1)).resolves.toMatchObject({ id: 1 });
  await agent.close();
});

it("keeps the shared dispatcher open for the clients still using it", async () => {
  const a = new UptimeClient({ baseUrl: server.url, apiKey: "close-key" });
  const b = new UptimeClient({ baseUrl: server.url, apiKey: "close-key" });
  await a.monitors.get(1);
  await a.close();
  await a.close(); // twice is harmless
  const refused = await a.monitors.get(1).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(UptimeConfigError);
  expect(refused).toBeInstanceOf(UptimeError);
  expect(refused).toMatchObject({ method: "GET", path: "/api/v1/monitors/1" });
  await expect(b.monitors.get(1)).resolves.toMatchObject({ id: 1 });
  await b.close();
  // With every client closed the shared agent is gone; a new client gets a fresh one.
  const c = new UptimeClient({ baseUrl: server.url, apiKey: "close-key" });
  await expect(c.monitors.get(1)).resolves.toMatchObject({ id: 1 });
  await c.close();
});
