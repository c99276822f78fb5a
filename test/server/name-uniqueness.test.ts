/** Monitor names are unique per account, on store and on update (excluding the monitor itself). */
import { expect, test } from "vitest";
import { api, createMonitor, expectRejected, monitorInput } from "../support/api";
import { startTestServer } from "../support/server";
import { fileFixture } from "../support/file-fixture";

const server = fileFixture(() => startTestServer());

test("a second store with the same name is 422 taken", async () => {
  await createMonitor(server, { name: "Homepage" });
  const res = await api(server, "POST", "/api/v1/monitors", { form: monitorInput({ name: "Homepage" }) });
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ message: { name: ["The name has already been taken."] }, status: 422 });
});

test("an update may keep its own name but not take another's", async () => {
  const a = await createMonitor(server, { name: "First" });
  await createMonitor(server, { name: "Second" });
  const own = await api(server, "PATCH", `/api/v1/monitors/${a.id}`, { form: { name: "First", interval: 60 } });
  expect(own.status).toBe(200);
  const other = await api(server, "PATCH", `/api/v1/monitors/${a.id}`, { form: { name: "Second" } });
  expectRejected(other, { name: ["The name has already been taken."] });
  expect((await api(server, "GET", `/api/v1/monitors/${a.id}`)).body.data.name).toBe("First");
});

test("a name is free again once its monitor is deleted", async () => {
  const m = await createMonitor(server, { name: "Recycled" });
  await api(server, "DELETE", `/api/v1/monitors/${m.id}`);
  expect((await api(server, "POST", `/api/v1/monitors`, { form: monitorInput({ name: "Recycled" }) })).status).toBe(
    201,
  );
});

test("concurrent stores of one name: exactly one wins", async () => {
  const results = await Promise.all(
    Array.from({ length: 8 }, () => api(server, "POST", "/api/v1/monitors", { form: monitorInput({ name: "Race" }) })),
  );
  expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
  const list = await api(server, "GET", "/api/v1/monitors?search=Race");
  expect(list.body.meta.total).toBe(1);
});
