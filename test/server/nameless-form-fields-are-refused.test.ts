/**
 * A form field whose name is empty (`=x`) or starts with a bracket (`[name]=x`) is refused
 * like any other field the service does not know, instead of being dropped or read as the
 * field inside the brackets. Empty pairs (`a=1&&b=2`, a trailing `&`) are no fields at all.
 */
import { expect, test } from "vitest";
import { api, createIncident, createMonitor, expectRejected } from "../support/api";
import { startTestServer } from "../support/server";
import { fileFixture } from "../support/file-fixture";

const server = fileFixture(() => startTestServer());

const form = (body: string) => ({ body, contentType: "application/x-www-form-urlencoded" });
const NAMELESS = { "": ["A field without a name is not allowed."] };

test('PATCH of a monitor with an empty-named field is refused under the key "", and changes nothing', async () => {
  const m = await createMonitor(server);
  const res = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, form("=&name=Renamed&cache_buster=1"));
  expectRejected(res, NAMELESS);
  const after = await api(server, "GET", `/api/v1/monitors/${m.id}`);
  expect(after.body.data).toEqual(m);
});

test("a store with an empty-named field is refused, its value ignored and not echoed", async () => {
  const res = await api(
    server,
    "POST",
    "/api/v1/monitors",
    form("=secret-value&name=Nameless&url=https%3A%2F%2Fexample.com&interval=300"),
  );
  expectRejected(res, NAMELESS);
  expect(res.text).not.toContain("secret-value");
  const list = await api(server, "GET", "/api/v1/monitors?search=Nameless&per_page=10");
  expect(list.body.data).toEqual([]);
});

test.each([
  ["[name]=Hijacked", "brackets"],
  ["%5Bname%5D=Hijacked", "percent-encoded brackets"],
  ["[]=Hijacked", "empty brackets"],
])("%s (a name of %s only) is refused, not read as the field inside", async (pair) => {
  const m = await createMonitor(server);
  const res = await api(server, "PUT", `/api/v1/monitors/${m.id}`, form(`${pair}&interval=600`));
  expectRejected(res, NAMELESS);
  const after = await api(server, "GET", `/api/v1/monitors/${m.id}`);
  expect(after.body.data).toMatchObject({ name: m.name, interval: m.interval });
});

test("the message lists the nameless field beside the other invalid ones", async () => {
  const m = await createMonitor(server);
  const res = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, form("=x&interval=45&colour=red"));
  expectRejected(res, {
    ...NAMELESS,
    colour: ["The colour field is not allowed."],
    interval: ["The selected interval is invalid."],
  });
});

test("incident store and update refuse an empty-named field", async () => {
  const m = await createMonitor(server);
  const store = await api(
    server,
    "POST",
    "/api/v1/incidents",
    form(`monitor_id=${m.id}&started_at=2026-01-02T03%3A04%3A05&=`),
  );
  expectRejected(store, NAMELESS);
  const inc = await createIncident(server, { monitor_id: m.id, started_at: "2026-01-02T03:04:05" });
  for (const method of ["PUT", "PATCH"]) {
    const res = await api(server, method, `/api/v1/incidents/${inc.id}`, form("cause=late&=x"));
    expectRejected(res, NAMELESS);
  }
  const after = await api(server, "GET", `/api/v1/incidents/${inc.id}`);
  expect(after.body.data.cause).toBe(inc.cause);
});

test("a JSON body's empty key gets the same answer as the form's", async () => {
  const m = await createMonitor(server);
  const res = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, { json: { "": 1, name: "Renamed" } });
  expectRejected(res, NAMELESS);
});

test("an empty key inside a list entry is refused naming the entry", async () => {
  const m = await createMonitor(server);
  const res = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, {
    json: { alerts: [{ key: "email", value: "a@b.c", "": "x" }] },
  });
  expectRejected(res, { "alerts.0.": ["A field without a name in alerts.0 is not allowed."] });
});

test("empty pairs between and after fields are no fields: the write is accepted", async () => {
  const m = await createMonitor(server);
  const res = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, form("&interval=600&&cache_buster=1&"));
  expect(res.status, res.text).toBe(200);
  expect(res.body.data).toMatchObject({ interval: 600, cache_buster: 1 });
});
