/**
 * Input that fails the client-side schemas throws UptimeInputError with messages per
 * field, and the local server sees no request at all (no write, no read).
 */
import { beforeEach, expect, it } from "vitest";
import { UptimeError, UptimeInputError } from "../../src/client/errors";
import { localClient, startTestServer } from "./helpers/local-server";
import { fileFixture } from "../support/file-fixture";

const server = fileFixture(() => startTestServer());
const client = fileFixture(async () => localClient(server));
beforeEach(() => server.resetStats());

async function inputError(p: Promise<unknown>): Promise<UptimeInputError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UptimeInputError);
  // Like every error the client throws, one `instanceof UptimeError` catches it.
  expect(err).toBeInstanceOf(UptimeError);
  return err as UptimeInputError;
}

it("monitor create: every failing field, in the user's notation", async () => {
  const err = await inputError(
    client.monitors.create({
      name: "ok",
      url: "https://example.com",
      interval: 61,
      alert_condition: "url_text",
      request_headers: [{ key: "X-A", value: "" }],
      alerts: [
        { key: "email", value: "ops@example.com" },
        { key: "webhook", value: "not a url" },
      ],
      maintenance_start_at: "2030-01-01 10:00",
    } as never),
  );
  expect(err.fields).toEqual({
    interval: ["61 is not one of 60, 180, 300, 600, 900, 1800, 3600"],
    "request_headers[0].value": ["must not be empty"],
    "alerts[1].value": ["must be an http or https URL for webhook"],
    maintenance_start_at: ['"2030-01-01 10:00" does not match Y-m-dTH:i:s (for example 2026-03-02T09:14:00)'],
    alert_text_lookup: ["is required when alert_condition is url_text"],
    maintenance_end_at: ["is required when maintenance_start_at is set"],
  });
  expect(err.message).toContain("alerts[1].value: must be an http or https URL for webhook");
  expect(server.requests).toEqual([]);
  expect(server.writeCount()).toBe(0);
});

it("monitor create: required fields", async () => {
  const err = await inputError(client.monitors.create({} as never));
  expect(Object.keys(err.fields).sort()).toEqual(["interval", "name", "url"]);
  expect(server.requests).toEqual([]);
});

it("monitor update: types and cross-field rules", async () => {
  const types = await inputError(client.monitors.update(1, { pause: "yes" } as never));
  expect(types.fields).toEqual({ pause: ["expected true or false"] });
  // A text condition alone is the service's to judge (against the stored lookup text);
  // sent with an emptied lookup it is refused here.
  const rules = await inputError(
    client.monitors.update(1, {
      request_auth_username: "u",
      alert_condition: "url_no_text",
      alert_text_lookup: null,
      maintenance_end_at: "2030-01-01T10:00:00",
    }),
  );
  expect(rules.fields).toEqual({
    request_auth_password: ["is required when request_auth_username is set"],
    alert_text_lookup: ["is required when alert_condition is url_no_text"],
    maintenance_start_at: ["is required when maintenance_end_at is set"],
  });
  expect(server.requests).toEqual([]);
});

it("incident create and update", async () => {
  const create = await inputError(
    client.incidents.create({ monitor_id: 1, started_at: "2024-05-01T10:00:00", ended_at: "2024-05-01T09:00:00" }),
  );
  expect(create.fields).toEqual({ ended_at: ["must be after started_at (2024-05-01T10:00:00)"] });
  const update = await inputError(client.incidents.update(1, { cause: "x".repeat(256) }));
  expect(update.fields).toEqual({ cause: ["must be at most 255 characters"] });
  expect(server.requests).toEqual([]);
});

it("list queries and ids", async () => {
  await inputError(client.monitors.list({ sort_by: "created_at" } as never));
  await inputError(client.incidents.list({ search_by: "url" } as never));
  expect(() => client.monitors.all({ per_page: 1000 } as never)).toThrow(UptimeInputError);
  await inputError(client.monitors.delete(-4));
  await inputError(client.incidents.get(0.5));
  expect(server.requests).toEqual([]);
});
