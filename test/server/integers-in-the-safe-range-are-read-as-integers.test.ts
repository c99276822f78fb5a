/**
 * The description allows any integer in JavaScript's safe range for ids and filters; the
 * server used to read only up to 15 digits and called a 16-digit id "not an integer".
 * Now every safe integer is read as one (a filter no record matches, an id not found),
 * and only beyond the safe range is the value refused, naming the field.
 */
import { expect, test } from "vitest";
import { api, createMonitor, expectRejected } from "../support/api";
import { startTestServer } from "../support/server";
import { toInteger } from "../../src/server/validate/rules";
import { fileFixture } from "../support/file-fixture";

const MAX = "9007199254740991";
const BEYOND = "9007199254740993";
const server = fileFixture(() => startTestServer());

test("toInteger reads every safe integer, as a number or as text, and nothing beyond", () => {
  expect(toInteger(MAX)).toBe(Number.MAX_SAFE_INTEGER);
  expect(toInteger(` -${MAX} `)).toBe(-Number.MAX_SAFE_INTEGER);
  expect(toInteger("1234567890123456")).toBe(1234567890123456);
  expect(toInteger(BEYOND)).toBeUndefined();
  expect(toInteger(2 ** 53)).toBeUndefined();
  expect(toInteger("1e3")).toBeUndefined();
});

test("16-digit filters are read as integers: an empty page, not a 422", async () => {
  await createMonitor(server);
  for (const path of [`/api/v1/monitors?status_page_id=${MAX}`, "/api/v1/incidents?monitor_id=1234567890123456"]) {
    const res = await api(server, "GET", path);
    expect(res.status, path).toBe(200);
    expect(res.body.data, path).toEqual([]);
  }
});

test("beyond the safe range a filter is refused, naming it", async () => {
  const res = await api(server, "GET", `/api/v1/monitors?status_page_id=${BEYOND}`);
  expect(res.status).toBe(422);
  expect(Object.keys(res.body.message)).toEqual(["status_page_id"]);
});

test("the largest safe id is a missing record or an unknown monitor, never a server error", async () => {
  expect((await api(server, "GET", `/api/v1/monitors/${MAX}`)).status).toBe(404);
  expect((await api(server, "DELETE", `/api/v1/incidents/${MAX}`)).status).toBe(404);
  const store = await api(server, "POST", "/api/v1/incidents", {
    form: { monitor_id: MAX, started_at: "2026-01-02T03:04:05" },
  });
  expectRejected(store, { monitor_id: ["The selected monitor id is invalid."] });
});
