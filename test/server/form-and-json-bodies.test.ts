/** Form bodies (PHP-style brackets, parsed with qs) and JSON bodies mean the same thing. */
import { expect, test } from "vitest";
import { api, createMonitor, expectRejected } from "../support/api";
import { startTestServer } from "../support/server";
import { fileFixture } from "../support/file-fixture";

const server = fileFixture(() => startTestServer());

const form = (body: string) => ({ body, contentType: "application/x-www-form-urlencoded" });
/** Stores a monitor from a raw form body, as a client that encodes its own form would send it. */
const storeForm = (body: string) => api(server, "POST", "/api/v1/monitors", form(body));

test("bracketed form fields become lists of {key, value}", async () => {
  const res = await storeForm(
    "name=Brackets&url=https%3A%2F%2Fexample.com&interval=60" +
      "&alerts[0][key]=email&alerts[0][value]=a@b.c&alerts[1][key]=sms&alerts[1][value]=%2B123" +
      "&request_headers[0][key]=X-A&request_headers[0][value]=1",
  );
  expect(res.status, res.text).toBe(201);
  expect(res.body.data.alerts).toEqual([
    { key: "email", value: "a@b.c" },
    { key: "sms", value: "+123" },
  ]);
  expect(res.body.data.request_headers).toEqual([{ key: "X-A", value: "1" }]);
});

test("percent-encoded brackets work too", async () => {
  const res = await storeForm(
    "name=Encoded&url=https%3A%2F%2Fexample.com&interval=60&alerts%5B0%5D%5Bkey%5D=email&alerts%5B0%5D%5Bvalue%5D=x%40y.z",
  );
  expect(res.status, res.text).toBe(201);
  expect(res.body.data.alerts).toEqual([{ key: "email", value: "x@y.z" }]);
});

test("error keys keep the index the client sent", async () => {
  const res = await storeForm(
    "name=Sparse&url=https%3A%2F%2Fexample.com&interval=60&alerts[3][key]=email&alerts[3][value]=nope",
  );
  expectRejected(res, { "alerts.3.value": ["The alerts.3.value must be a valid email address."] });
});

test("a JSON list may come as an object keyed by position", async () => {
  const res = await api(server, "POST", "/api/v1/monitors", {
    json: {
      name: "Keyed",
      url: "https://example.com",
      interval: 60,
      alerts: { "0": { key: "email", value: "a@b.c" }, "2": { key: "sms", value: "123" } },
    },
  });
  expect(res.status, res.text).toBe(201);
  expect(res.body.data.alerts).toEqual([
    { key: "email", value: "a@b.c" },
    { key: "sms", value: "123" },
  ]);
});

test("a repeated field keeps its last value, as PHP does", async () => {
  const res = await storeForm("name=First&name=Last&url=https%3A%2F%2Fexample.com&interval=60");
  expect(res.status).toBe(201);
  expect(res.body.data.name).toBe("Last");
});

test("an empty list entry is dropped", async () => {
  const res = await storeForm(
    "name=Holes&url=https%3A%2F%2Fexample.com&interval=60&request_headers[0][key]=&request_headers[0][value]=&request_headers[1][key]=X&request_headers[1][value]=y",
  );
  expect(res.status, res.text).toBe(201);
  expect(res.body.data.request_headers).toEqual([{ key: "X", value: "y" }]);
});

test.each([
  ["1", "paused"],
  ["true", "paused"],
  ["0", "online"],
  ["false", "online"],
])("form pause=%s", async (value, status) => {
  const m = await createMonitor(server);
  const res = await api(server, "PATCH", `/api/v1/monitors/${m.id}`, form(`pause=${value}`));
  expect(res.status).toBe(200);
  expect(res.body.data.status).toBe(status);
});

test("numeric strings are accepted for integer fields in JSON as well", async () => {
  const res = await api(server, "POST", "/api/v1/monitors", {
    json: { name: "Strings", url: "https://example.com", interval: "600", ssl_alert_days: "30", cache_buster: "1" },
  });
  expect(res.status, res.text).toBe(201);
  expect(res.body.data).toMatchObject({ interval: 600, ssl_alert_days: 30, cache_buster: 1 });
});

test("a list index beyond 1000 is a 400, not a crash", async () => {
  const res = await storeForm("name=Far&url=https%3A%2F%2Fexample.com&interval=60&alerts[5000][key]=email");
  expect(res.status).toBe(400);
});

test("prototype-polluting keys are plain unknown fields", async () => {
  const res = await storeForm(
    "__proto__[name]=x&constructor[prototype][name]=y&name=P&url=https%3A%2F%2Fexample.com&interval=60",
  );
  expect(res.status).toBe(422);
  expect(Object.keys(res.body.message)).toEqual(["constructor"]);
  const json = await api(server, "POST", "/api/v1/monitors", {
    body: '{"__proto__":{"x":1},"name":"P","url":"https://example.com","interval":60}',
    contentType: "application/json",
  });
  expect(json.status).toBe(422);
  expect(Object.keys(json.body.message)).toEqual(["__proto__"]);
  expect(({} as Record<string, unknown>).name).toBeUndefined();
});
