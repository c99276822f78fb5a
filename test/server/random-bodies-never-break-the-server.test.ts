/**
 * Property: whatever body arrives (random form strings, random JSON, random content types),
 * the server never answers 5xx, and a rejected request never changes stored data.
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { api, createIncident, createMonitor, snapshot } from "../support/api";
import { startTestServer, type UptimeServer } from "../support/server";
import { BODY_FIELDS } from "../support/body-fields";

let server: UptimeServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON data, set in beforeAll, read freely
let monitor: any, incident: any;

beforeAll(async () => {
  server = await startTestServer({ now: () => Date.parse("2024-06-01T12:00:00Z") });
  monitor = await createMonitor(server, { name: "Target", alerts: [{ key: "email", value: "a@example.com" }] });
  incident = await createIncident(server, { monitor_id: monitor.id, started_at: "2024-06-01T10:00:00" });
});
afterAll(() => server.close());

const FIELDS = BODY_FIELDS;
const key = fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 }));
const bracketKey = fc
  .tuple(key, fc.array(fc.oneof(fc.nat(1200).map(String), key, fc.constant("")), { maxLength: 4 }))
  .map(([k, path]) => k + path.map((p) => `[${p}]`).join(""));
const formString = fc
  .array(fc.tuple(bracketKey, fc.string({ maxLength: 20 })), { maxLength: 12 })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"));
const jsonObject = fc.dictionary(key, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 }).map((o) => JSON.stringify(o));
const anyText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.json({ maxDepth: 3 }),
  fc.constantFrom("", "{", "[]", "a[", "%", "%E0%A4%A", "&&=&"),
);
const body = fc.oneof(
  fc.record({ type: fc.constant("application/x-www-form-urlencoded"), text: fc.oneof(formString, anyText) }),
  fc.record({ type: fc.constant("application/json"), text: fc.oneof(jsonObject, anyText) }),
  fc.record({ type: fc.constantFrom("text/plain", "application/xml", "multipart/form-data", ""), text: anyText }),
);
const target = fc.constantFrom(
  ["POST", "/api/v1/monitors"],
  ["PUT", "/api/v1/monitors/:m"],
  ["PATCH", "/api/v1/monitors/:m"],
  ["POST", "/api/v1/incidents"],
  ["PATCH", "/api/v1/incidents/:i"],
  ["PUT", "/api/v1/incidents/:i"],
);

test("random bodies: never a 5xx; a rejection changes nothing", async () => {
  let state = await snapshot(server);
  await fc.assert(
    fc.asyncProperty(target, body, async ([method, rawPath], b) => {
      const path = rawPath.replace(":m", String(monitor.id)).replace(":i", String(incident.id));
      const res = await api(server, method, path, { body: b.text, contentType: b.type || undefined });
      expect(res.status, `${method} ${path} ${b.type} ${JSON.stringify(b.text)} -> ${res.text}`).toBeLessThan(500);
      const now = await snapshot(server);
      if (res.status >= 400) expect(now).toEqual(state);
      // An accepted random body may create or change something; compare later ones to it.
      state = now;
    }),
    { numRuns: 200 },
  );
});

test("random list queries: never a 5xx", async () => {
  const param = fc.tuple(
    fc.constantFrom(
      "search",
      "search_by",
      "sort",
      "sort_by",
      "per_page",
      "page",
      "status",
      "monitor_id",
      "status_page_id",
      "x",
    ),
    fc.oneof(
      fc.string({ maxLength: 10 }),
      fc.integer().map(String),
      fc.constantFrom("99999999999999999999", "-1", "1e3", "name", "asc"),
    ),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom("monitors", "incidents"),
      fc.array(param, { maxLength: 5 }),
      async (resource, params) => {
        const q = params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
        const res = await api(server, "GET", `/api/v1/${resource}?${q}`);
        expect(res.status, `${resource}?${q} -> ${res.text}`).toBeLessThan(500);
        expect([200, 422]).toContain(res.status);
      },
    ),
    { numRuns: 100 },
  );
});
