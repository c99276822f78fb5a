/**
 * An incident update refuses a monitor_id: an empty one (`monitor_id=`, JSON null) is no
 * value and passes, as an empty value does on every field; a blank one (spaces, tabs, a
 * no-break space) or an empty list is a value, and is refused like any other.
 */
import { expect, test } from "vitest";
import { api, createIncident, createMonitor, expectRejected } from "../support/api";
import { startTestServer } from "../support/server";
import { fileFixture } from "../support/file-fixture";

const server = fileFixture(() => startTestServer());

const form = (body: string) => ({ body, contentType: "application/x-www-form-urlencoded" });
const PROHIBITED = { monitor_id: ["The monitor id field is prohibited."] };

async function storedIncident() {
  const m = await createMonitor(server);
  return createIncident(server, { monitor_id: m.id, started_at: "2026-01-02T03:04:05", cause: "before" });
}

test.each([
  ["a space", "monitor_id=%20"],
  ["a tab", "monitor_id=%09"],
  ["a line feed", "monitor_id=%0A"],
  ["a no-break space", "monitor_id=%C2%A0"],
  ["a list holding an empty value", "monitor_id[]="],
])("PUT and PATCH with monitor_id of %s are refused, and change nothing", async (_, pair) => {
  const inc = await storedIncident();
  for (const method of ["PUT", "PATCH"]) {
    const res = await api(server, method, `/api/v1/incidents/${inc.id}`, form(`${pair}&cause=after`));
    expectRejected(res, PROHIBITED);
  }
  expect((await api(server, "GET", `/api/v1/incidents/${inc.id}`)).body.data).toEqual(inc);
});

test("a JSON empty list is a value too, and refused", async () => {
  const inc = await storedIncident();
  const res = await api(server, "PATCH", `/api/v1/incidents/${inc.id}`, { json: { monitor_id: [], cause: "after" } });
  expectRejected(res, PROHIBITED);
});

test("an empty monitor_id (form) or null (JSON) is no value: the update goes through", async () => {
  const inc = await storedIncident();
  const viaForm = await api(server, "PUT", `/api/v1/incidents/${inc.id}`, form("monitor_id=&cause=form"));
  expect(viaForm.status, viaForm.text).toBe(200);
  expect(viaForm.body.data).toMatchObject({ monitor_id: inc.monitor_id, cause: "form" });
  const viaJson = await api(server, "PATCH", `/api/v1/incidents/${inc.id}`, {
    json: { monitor_id: null, cause: "json" },
  });
  expect(viaJson.status, viaJson.text).toBe(200);
  expect(viaJson.body.data).toMatchObject({ monitor_id: inc.monitor_id, cause: "json" });
});
