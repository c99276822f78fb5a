/**
 * `updateWithoutReading`: the same PATCH as `update`, its input checked the same way before
 * any request, and an answer accepted when it is the record asked for (either body shape,
 * the id as a number or its digits) without parsing the rest; any other answer fails with
 * the call named.
 */
import { expect, it } from "vitest";
import { UptimeInputError, UptimeResponseError } from "../../src/client";
import { monitorBody } from "./helpers/tiny-server";
import { tinyServerAndClient } from "../support/tiny-server-and-client";

const tiny = tinyServerAndClient("unread-test-key");
const window = { maintenance_start_at: "2026-11-27T10:00:00", maintenance_end_at: "2026-11-27T10:30:00" };

it("sends the PATCH update sends and accepts the record, wrapped or bare, with a numeric-text id", async () => {
  const answers = [{ data: monitorBody({ id: 7 }) }, { ...monitorBody({ id: 7 }), id: "7" }];
  const { server, client } = await tiny.serve((_req, i) => ({ json: answers[i % 2] }));
  await expect(client.monitors.updateWithoutReading(7, window)).resolves.toBeUndefined();
  await expect(client.monitors.updateWithoutReading(7, { ...window, name: "kept" })).resolves.toBeUndefined();
  await client.monitors.update(7, window);
  const [unread, , read] = server.requests;
  expect(unread.method).toBe("PATCH");
  expect(unread.url).toBe("/api/v1/monitors/7");
  expect(unread.body).toBe(read.body);
  expect(server.requests[1].body).toContain("name=kept");
});

it("an answer that is another record, or no record, fails naming the call", async () => {
  const answers = [{ data: monitorBody({ id: 8 }) }, { data: { name: "no id" } }, { status: 200 }];
  const { client } = await tiny.serve((_req, i) => ({ json: answers[i] }));
  for (const expected of [
    "not the record asked for (id 7)",
    "not the record asked for (id 7)",
    "no record under data",
  ]) {
    const err = await client.monitors.updateWithoutReading(7, window).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UptimeResponseError);
    expect((err as Error).message).toBe(`PATCH /api/v1/monitors/7: unexpected response (200): ${expected}`);
  }
});

it("input the update schema refuses sends nothing", async () => {
  const { server, client } = await tiny.serve(() => ({ json: { data: monitorBody({ id: 7 }) } }));
  await expect(client.monitors.updateWithoutReading(7, { maintenance_start_at: "soon" })).rejects.toBeInstanceOf(
    UptimeInputError,
  );
  expect(server.requests).toHaveLength(0);
});
