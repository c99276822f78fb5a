/**
 * The plugin supports previews: the engine asks create and update for their outputs with
 * `preview` set. Nothing reaches the service; an update keeps the ids and dates the
 * service already gave (so an incident's `monitorId` built from them stays known and
 * does not preview as a replacement); what the service will compute is unknown.
 */
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../src/runtime/unknowns";
import { configuredPlugin } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const env = fileFixture(() => configuredPlugin());

describe("Previews through the plugin", () => {
  it("send no request and keep what the service already gave", async () => {
    const { inputs } = await env.plugin.checkMonitor("api");
    const before = env.server.requests.length;
    const created = await env.plugin.create("Monitor", "api", inputs, true);
    expect(created.id).toBe("");
    expect(created.outs).toMatchObject({ name: "plugin api", monitorId: UNKNOWN, status: UNKNOWN });

    const olds = {
      ...inputs,
      monitorId: 41,
      status: "online",
      createdAt: "2024-01-01T00:00:00",
      updatedAt: "2024-01-02T00:00:00",
    };
    const updated = await env.plugin.update("Monitor", "api", "41", olds, { ...inputs, interval: 300 }, true);
    expect(updated.outs).toMatchObject({
      interval: 300,
      monitorId: 41,
      createdAt: "2024-01-01T00:00:00",
      updatedAt: UNKNOWN,
    });
    expect(env.server.requests.length - before).toBe(0);
  });
});
