/**
 * Every monitor rule answers 422 with Laravel-style messages under the field's (dot) key,
 * every bad field at once, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, createMonitor, monitorInput, snapshot } from "../support/api";
import { startTestServer, type UptimeServer } from "../support/server";
import { alertPerChannel } from "../support/monitor-bodies";

let server: UptimeServer;
let initial: unknown;
beforeAll(async () => {
  server = await startTestServer();
  await createMonitor(server, { name: "Existing" });
  initial = await snapshot(server);
});
afterAll(() => server.close());

const chars = (n: number, c = "a") => c.repeat(n);
const entries = (n: number, make: (i: number) => Record<string, string>) =>
  Array.from({ length: n }, (_, i) => make(i));
const httpUrl = (length: number) => `https://example.com/${chars(length - "https://example.com/".length)}`;

type Case = [string, Record<string, unknown>, Record<string, string[]>];

// [what, fields to merge into a valid store body, expected message map]
const storeCases: Case[] = [
  ["name missing", { name: undefined }, { name: ["The name field is required."] }],
  ["name empty", { name: "" }, { name: ["The name field is required."] }],
  ["name blank", { name: "   " }, { name: ["The name field is required."] }],
  ["name too long", { name: chars(129) }, { name: ["The name must not be greater than 128 characters."] }],
  ["name taken", { name: "Existing" }, { name: ["The name has already been taken."] }],
  ["url missing", { url: undefined }, { url: ["The url field is required."] }],
  ["url not a URL", { url: "not a url" }, { url: ["The url must be a valid URL."] }],
  ["url without http(s)", { url: "ftp://example.com/file" }, { url: ["The url must be a valid URL."] }],
  ["url without host", { url: "https://" }, { url: ["The url must be a valid URL."] }],
  ["url too long", { url: httpUrl(2049) }, { url: ["The url must not be greater than 2048 characters."] }],
  ["interval missing", { interval: undefined }, { interval: ["The interval field is required."] }],
  ["interval not allowed", { interval: 61 }, { interval: ["The selected interval is invalid."] }],
  ["interval not a number", { interval: "often" }, { interval: ["The interval must be an integer."] }],
  [
    "alert_condition unknown",
    { alert_condition: "sometimes" },
    { alert_condition: ["The selected alert condition is invalid."] },
  ],
  [
    "url_text without lookup",
    { alert_condition: "url_text" },
    { alert_text_lookup: ["The alert text lookup field is required when alert condition is url_text."] },
  ],
  [
    "url_no_text without lookup",
    { alert_condition: "url_no_text", alert_text_lookup: "" },
    { alert_text_lookup: ["The alert text lookup field is required when alert condition is url_no_text."] },
  ],
  [
    "alert_text_lookup too long",
    { alert_text_lookup: chars(256) },
    { alert_text_lookup: ["The alert text lookup must not be greater than 255 characters."] },
  ],
  [
    "request_method lower case",
    { request_method: "get" },
    { request_method: ["The selected request method is invalid."] },
  ],
  [
    "request_method unknown",
    { request_method: "TRACE" },
    { request_method: ["The selected request method is invalid."] },
  ],
  [
    "too many request headers",
    { request_headers: entries(101, (i) => ({ key: `X-H${i}`, value: "v" })) },
    { request_headers: ["The request headers must not have more than 100 items."] },
  ],
  [
    "header key too long",
    { request_headers: [{ key: chars(129), value: "v" }] },
    { "request_headers.0.key": ["The request headers.0.key must not be greater than 128 characters."] },
  ],
  [
    "header value too long",
    { request_headers: [{ key: "X-A", value: chars(257) }] },
    { "request_headers.0.value": ["The request headers.0.value must not be greater than 256 characters."] },
  ],
  [
    "header key without value",
    { request_headers: [{ key: "X-A", value: "1" }, { key: "X-B", value: "2" }, { key: "X-C" }] },
    {
      "request_headers.2.value": [
        "The request headers.2.value field is required when request headers.2.key is present.",
      ],
    },
  ],
  [
    "header value without key",
    { request_headers: [{ value: "1" }] },
    {
      "request_headers.0.key": ["The request headers.0.key field is required when request headers.0.value is present."],
    },
  ],
  [
    "header entry with an unknown field",
    { request_headers: [{ key: "X-A", value: "1", name: "x" }] },
    { "request_headers.0.name": ["The request_headers.0.name field is not allowed."] },
  ],
  [
    "username without password",
    { request_auth_username: "user" },
    { request_auth_password: ["The request auth password field is required when request auth username is present."] },
  ],
  [
    "password without username",
    { request_auth_password: "secret" },
    { request_auth_username: ["The request auth username field is required when request auth password is present."] },
  ],
  [
    "username too long",
    { request_auth_username: chars(256), request_auth_password: "p" },
    { request_auth_username: ["The request auth username must not be greater than 255 characters."] },
  ],
  [
    "password too long",
    { request_auth_username: "u", request_auth_password: chars(1025) },
    { request_auth_password: ["The request auth password must not be greater than 1024 characters."] },
  ],
  ["cache_buster 2", { cache_buster: 2 }, { cache_buster: ["The selected cache buster is invalid."] }],
  [
    "ssl_alert_days not allowed",
    { ssl_alert_days: 5 },
    { ssl_alert_days: ["The selected ssl alert days is invalid."] },
  ],
  [
    "domain_alert_days not a number",
    { domain_alert_days: "soon" },
    { domain_alert_days: ["The domain alert days must be an integer."] },
  ],
  [
    "maintenance start without end",
    { maintenance_start_at: "2024-05-01T10:00:00" },
    { maintenance_end_at: ["The maintenance end at field is required when maintenance start at is present."] },
  ],
  [
    "maintenance end without start",
    { maintenance_end_at: "2024-05-01T10:00:00" },
    { maintenance_start_at: ["The maintenance start at field is required when maintenance end at is present."] },
  ],
  [
    "maintenance with a space",
    { maintenance_start_at: "2024-05-01 10:00:00", maintenance_end_at: "2024-05-01T11:00:00" },
    { maintenance_start_at: ["The maintenance start at does not match the format Y-m-dTH:i:s."] },
  ],
  [
    "maintenance with a zone",
    { maintenance_start_at: "2024-05-01T10:00:00Z", maintenance_end_at: "2024-05-01T11:00:00" },
    { maintenance_start_at: ["The maintenance start at does not match the format Y-m-dTH:i:s."] },
  ],
  [
    "maintenance on 30 February",
    { maintenance_start_at: "2024-02-28T10:00:00", maintenance_end_at: "2024-02-30T11:00:00" },
    { maintenance_end_at: ["The maintenance end at does not match the format Y-m-dTH:i:s."] },
  ],
  [
    "maintenance at 24:00",
    { maintenance_start_at: "2024-02-28T10:00:00", maintenance_end_at: "2024-02-28T24:00:00" },
    { maintenance_end_at: ["The maintenance end at does not match the format Y-m-dTH:i:s."] },
  ],
  [
    "maintenance start after end",
    { maintenance_start_at: "2024-05-01T12:00:00", maintenance_end_at: "2024-05-01T11:00:00" },
    { maintenance_start_at: ["The maintenance start at must be a date before maintenance end at."] },
  ],
  [
    "maintenance start equal to end",
    { maintenance_start_at: "2024-05-01T12:00:00", maintenance_end_at: "2024-05-01T12:00:00" },
    { maintenance_start_at: ["The maintenance start at must be a date before maintenance end at."] },
  ],
  [
    "too many alerts",
    { alerts: entries(101, (i) => ({ key: "email", value: `a${i}@example.com` })) },
    { alerts: ["The alerts must not have more than 100 items."] },
  ],
  [
    "alert channel unknown",
    { alerts: [{ key: "pager", value: "x" }] },
    { "alerts.0.key": ["The selected alerts.0.key is invalid."] },
  ],
  [
    "alert without key",
    { alerts: [{ value: "a@example.com" }] },
    { "alerts.0.key": ["The alerts.0.key field is required."] },
  ],
  [
    "alert without value",
    { alerts: [{ key: "email" }] },
    { "alerts.0.value": ["The alerts.0.value field is required."] },
  ],
  [
    "email alert invalid",
    { alerts: [{ key: "email", value: "not-an-email" }] },
    { "alerts.0.value": ["The alerts.0.value must be a valid email address."] },
  ],
  [
    "email alert too long",
    { alerts: [{ key: "email", value: `${chars(245)}@example.com` }] },
    { "alerts.0.value": ["The alerts.0.value must not be greater than 256 characters."] },
  ],
  [
    "sms alert with letters",
    { alerts: [{ key: "sms", value: "+12ab" }] },
    { "alerts.0.value": ["The alerts.0.value format is invalid."] },
  ],
  [
    "sms alert with a plus inside",
    { alerts: [{ key: "sms", value: "12+34" }] },
    { "alerts.0.value": ["The alerts.0.value format is invalid."] },
  ],
  [
    "sms alert too long",
    { alerts: [{ key: "sms", value: "+" + chars(16, "1") }] },
    { "alerts.0.value": ["The alerts.0.value must not be greater than 16 characters."] },
  ],
  [
    "telegram alert with one word",
    { alerts: [{ key: "telegram", value: "123456:ABC" }] },
    { "alerts.0.value": ["The alerts.0.value format is invalid."] },
  ],
  [
    "telegram alert with three words",
    { alerts: [{ key: "telegram", value: "a b c" }] },
    { "alerts.0.value": ["The alerts.0.value format is invalid."] },
  ],
  [
    "telegram alert too long",
    { alerts: [{ key: "telegram", value: `${chars(100)} ${chars(28)}` }] },
    { "alerts.0.value": ["The alerts.0.value must not be greater than 128 characters."] },
  ],
  ...(["webhook", "slack", "teams", "discord", "flock"] as const).flatMap((key): Case[] => [
    [
      `${key} alert not a URL`,
      { alerts: [{ key, value: "hooks example" }] },
      { "alerts.0.value": ["The alerts.0.value must be a valid URL."] },
    ],
    [
      `${key} alert URL too long`,
      { alerts: [{ key, value: httpUrl(257) }] },
      { "alerts.0.value": ["The alerts.0.value must not be greater than 256 characters."] },
    ],
  ]),
  [
    "second alert bad, first fine",
    {
      alerts: [
        { key: "email", value: "ok@example.com" },
        { key: "sms", value: "call me" },
      ],
    },
    { "alerts.1.value": ["The alerts.1.value format is invalid."] },
  ],
  [
    "alert entry with an unknown field",
    { alerts: [{ key: "email", value: "ok@example.com", to: "x" }] },
    { "alerts.0.to": ["The alerts.0.to field is not allowed."] },
  ],
  ["unknown field", { foo: "bar" }, { foo: ["The foo field is not allowed."] }],
  ["pause on store", { pause: 1 }, { pause: ["The pause field is prohibited."] }],
];

function withOverrides(overrides: Record<string, unknown>): Record<string, unknown> {
  const body = monitorInput({ name: `Valid ${Math.random()}` });
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete body[k];
    else body[k] = v;
  }
  return body;
}

describe.each(["form", "json"] as const)("store (%s)", (encoding) => {
  test.each(storeCases)("%s", async (_what, overrides, expected) => {
    const writes = server.writeCount();
    const body = withOverrides(overrides);
    const res = await api(server, "POST", "/api/v1/monitors", encoding === "form" ? { form: body } : { json: body });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: expected, status: 422 });
    expect(server.writeCount()).toBe(writes + 1);
  });

  // A failed store can only add a monitor; one check of the whole set after all cases is enough.
  test("none of the rejected stores was stored", async () => {
    expect(await snapshot(server)).toEqual(initial);
  });
});

test("every bad field is listed at once", async () => {
  const before = await snapshot(server);
  const res = await api(server, "POST", "/api/v1/monitors", {
    form: {
      url: "nope",
      interval: 7,
      alert_condition: "url_text",
      request_method: "FETCH",
      request_headers: [{ key: "X-A" }],
      request_auth_username: "u",
      cache_buster: 5,
      ssl_alert_days: 4,
      domain_alert_days: 9,
      maintenance_start_at: "yesterday",
      alerts: [
        { key: "email", value: "x" },
        { key: "sms", value: "y" },
      ],
      colour: "red",
    },
  });
  expect(res.status).toBe(422);
  expect(Object.keys(res.body.message).sort()).toEqual([
    "alert_text_lookup",
    "alerts.0.value",
    "alerts.1.value",
    "cache_buster",
    "colour",
    "domain_alert_days",
    "interval",
    "maintenance_end_at",
    "maintenance_start_at",
    "name",
    "request_auth_password",
    "request_headers.0.value",
    "request_method",
    "ssl_alert_days",
    "url",
  ]);
  for (const messages of Object.values(res.body.message)) {
    expect(Array.isArray(messages)).toBe(true);
    for (const m of messages as string[]) expect(m).toMatch(/^The .+\.$/);
  }
  expect(await snapshot(server)).toEqual(before);
});

describe("values the rules accept", () => {
  test.each([
    ["name of 128 characters", { name: chars(128) }],
    ["every interval", {}],
    ["url of 2048 characters", { url: httpUrl(2048) }],
    ["100 headers", { request_headers: entries(100, (i) => ({ key: `X-H${i}`, value: `v${i}` })) }],
    ["100 alerts", { alerts: entries(100, (i) => ({ key: "email", value: `a${i}@example.com` })) }],
    [
      "every channel",
      {
        alerts: [
          ...alertPerChannel(),
          // The other accepted spellings: an SMS number without "+", a flock hook over http.
          { key: "sms", value: "4915112345678" },
          { key: "flock", value: "http://api.flock.com/hooks/sendMessage/x" },
        ],
      },
    ],
    ["text condition with lookup", { alert_condition: "url_no_text", alert_text_lookup: "OK" }],
    ["every expiry lead time", { ssl_alert_days: 60, domain_alert_days: 0 }],
    ["basic auth pair", { request_auth_username: "u", request_auth_password: "p" }],
  ])("%s", async (_what, overrides) => {
    const res = await api(server, "POST", "/api/v1/monitors", { form: withOverrides(overrides) });
    expect(res.status, res.text).toBe(201);
  });

  test.each([60, 180, 300, 600, 900, 1800, 3600])("interval %i", async (interval) => {
    const res = await api(server, "POST", "/api/v1/monitors", { json: withOverrides({ interval }) });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.interval).toBe(interval);
  });

  test.each([0, 1, 2, 3, 7, 14, 30, 60])("ssl_alert_days and domain_alert_days %i", async (days) => {
    const res = await api(server, "POST", "/api/v1/monitors", {
      form: withOverrides({ ssl_alert_days: days, domain_alert_days: days }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ ssl_alert_days: days, domain_alert_days: days });
  });
});
