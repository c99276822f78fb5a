/**
 * What the local server answers for rules only the service can check (unique names, an
 * ongoing incident), for missing or foreign records, a bad key and an account without
 * API access, arrives as the matching error class with a readable message.
 */
import { expect, it } from "vitest";
import {
  UptimeForbiddenError,
  UptimeNotFoundError,
  UptimeUnauthorizedError,
  UptimeValidationError,
} from "../../src/client/errors";
import { DEFAULT_API_KEY, failure, localClient, startTestServer, uniqueName } from "./helpers/local-server";
import { fileFixture } from "../support/file-fixture";

const OTHER_KEY = "other-account-key";
const NO_API_KEY = "plan-without-api-key";

const server = fileFixture(() =>
  startTestServer({
    accounts: [{ apiKey: DEFAULT_API_KEY }, { apiKey: OTHER_KEY }, { apiKey: NO_API_KEY, apiAccess: false }],
  }),
);
const client = fileFixture(async () => localClient(server));
const other = fileFixture(async () => localClient(server, { apiKey: OTHER_KEY }));

it("422: a duplicate name → UptimeValidationError with fields.name", async () => {
  const name = uniqueName();
  await client.monitors.create({ name, url: "https://example.com", interval: 60 });
  const err = await failure(client.monitors.create({ name, url: "https://example.com", interval: 60 }));
  expect(err).toBeInstanceOf(UptimeValidationError);
  expect((err as UptimeValidationError).fields).toEqual({ name: ["The name has already been taken."] });
  expect(err.message).toBe("POST /api/v1/monitors: the service rejected name: The name has already been taken.");
  expect(err).toMatchObject({ status: 422, method: "POST", path: "/api/v1/monitors", outcomeUnknown: false });
});

it("422: a second ongoing incident on one monitor", async () => {
  const m = await client.monitors.create({ name: uniqueName(), url: "https://example.com", interval: 60 });
  await client.incidents.create({ monitor_id: m.id, started_at: "2024-05-01T10:00:00" });
  const err = await failure(client.incidents.create({ monitor_id: m.id, started_at: "2024-05-02T10:00:00" }));
  expect(err).toBeInstanceOf(UptimeValidationError);
  expect(Object.keys((err as UptimeValidationError).fields).length).toBeGreaterThan(0);
  expect(err.message).toMatch(/^POST \/api\/v1\/incidents: the service rejected /);
});

it("404: a missing record, on get, update and delete", async () => {
  const get = await failure(client.monitors.get(987654));
  expect(get).toBeInstanceOf(UptimeNotFoundError);
  expect(get.message).toBe("GET /api/v1/monitors/987654: not found (404): Resource not found.");
  expect(get.serviceMessage).toBe("Resource not found.");
  expect(await failure(client.monitors.update(987654, { name: "x" }))).toBeInstanceOf(UptimeNotFoundError);
  expect(await failure(client.incidents.delete(987654))).toBeInstanceOf(UptimeNotFoundError);
});

it("404: another account's record looks missing", async () => {
  const mine = await client.monitors.create({ name: uniqueName(), url: "https://example.com", interval: 60 });
  const err = await failure(other.monitors.get(mine.id));
  expect(err).toBeInstanceOf(UptimeNotFoundError);
  expect(err.status).toBe(404);
});

it("401: an unknown key → UptimeUnauthorizedError telling how to set the key", async () => {
  const bad = localClient(server, { apiKey: "not-a-key" });
  const err = await failure(bad.monitors.list());
  await bad.close();
  expect(err).toBeInstanceOf(UptimeUnauthorizedError);
  expect(err.status).toBe(401);
  expect(err.message).toMatch(/^GET \/api\/v1\/monitors: unauthorized \(401\)/);
  expect(err.message).toContain("option apiKey or the environment variable UPTIME_API_KEY");
});

it("403: an account whose plan has no API access → UptimeForbiddenError", async () => {
  const noApi = localClient(server, { apiKey: NO_API_KEY });
  const err = await failure(noApi.monitors.create({ name: uniqueName(), url: "https://example.com", interval: 60 }));
  await noApi.close();
  expect(err).toBeInstanceOf(UptimeForbiddenError);
  expect(err.message).toMatch(/^POST \/api\/v1\/monitors: forbidden \(403\): /);
  expect(err.serviceMessage).toBe("You don't have access to this feature.");
});
