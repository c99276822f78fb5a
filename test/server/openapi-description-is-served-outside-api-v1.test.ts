/** The local server serves the generated description at /__local/openapi.json, without a key, outside /api/v1. */
import { expect, test } from "vitest";
import { openApiText } from "../../src/openapi";
import { api } from "../support/api";
import { startTestServer } from "../support/server";
import { fileFixture } from "../support/file-fixture";

const server = fileFixture(() => startTestServer());

test("GET /__local/openapi.json answers the generated description as JSON, without a key", async () => {
  const res = await api(server, "GET", "/__local/openapi.json", { key: null });
  expect(res.status).toBe(200);
  expect(res.headers["content-type"]).toBe("application/json");
  expect(res.text).toBe(openApiText());
  expect(res.body.openapi).toBe("3.1.0");
});

test("it is read-only, and /api/v1 has no such route", async () => {
  expect((await api(server, "POST", "/__local/openapi.json", { key: null })).status).toBe(405);
  expect((await api(server, "GET", "/api/v1/openapi.json")).status).toBe(404);
});
