/**
 * PostgreSQL text cannot hold U+0000, which the service's MySQL stores as sent: Schemathesis
 * found a 500 for a name with a NUL in it. The store escapes it (src/server/nul-text.ts);
 * every string comes back exactly as sent, and searches still find substrings around it.
 */
import fc from "fast-check";
import { expect, test } from "vitest";
import { decodeText, encodeText } from "../../src/server/nul-text";
import { api, createIncident, createMonitor } from "../support/api";
import { startTestServer } from "../support/server";
import { fileFixture } from "../support/file-fixture";

const server = fileFixture(() => startTestServer());

test("any string survives the escape, and the escaped form holds no NUL", () => {
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom("\0", "\uE000", "\uE001", "a", "é", "\u{1F600}") }), (s) => {
      const stored = encodeText(s);
      return !stored.includes("\0") && decodeText(stored) === s;
    }),
    { numRuns: 2000 },
  );
});

test("a monitor and an incident with NUL and the escape character in their text come back as sent", async () => {
  const name = "nul\0here \uE000\uE001 and \uE000";
  const monitor = await createMonitor(server, {
    name,
    alert_text_lookup: "a\0b",
    request_headers: [{ key: "X-A\0", value: "v\0" }],
  });
  expect(monitor.name).toBe(name);
  expect(monitor.alert_text_lookup).toBe("a\0b");
  expect(monitor.request_headers).toEqual([{ key: "X-A\0", value: "v\0" }]);
  const incident = await createIncident(server, {
    monitor_id: monitor.id,
    started_at: "2026-01-02T03:04:05",
    cause: "c\0\uE000",
  });
  expect(incident.cause).toBe("c\0\uE000");

  const shown = await api(server, "GET", `/api/v1/monitors/${monitor.id}`);
  expect(shown.body.data.name).toBe(name);
  const found = await api(server, "GET", `/api/v1/monitors?search=${encodeURIComponent("l\0h")}`);
  expect(found.status).toBe(200);
  expect(found.body.data.map((m: { id: number }) => m.id)).toEqual([monitor.id]);
  const byCause = await api(
    server,
    "GET",
    `/api/v1/incidents?search_by=cause&search=${encodeURIComponent("\0\uE000")}`,
  );
  expect(byCause.body.data.map((i: { id: number }) => i.id)).toEqual([incident.id]);
});
