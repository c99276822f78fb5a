/**
 * The client's schemas (src/schemas: what `check` and the client accept before sending)
 * and the local server's validation (src/server/validate: the service's rules, written as
 * its own code) must agree: an input the client accepts must not fail at the service, and
 * one it refuses must be one the service refuses too, for the same fields. Each generated
 * input (of the types the client's TypeScript types allow, with values on and around
 * every rule's edges) goes to the client's schema as it is, and to the server's
 * validation the way the client sends it: form-encoded, then parsed by the server.
 *
 * Updates: the service judges an update against the stored record, which the client
 * cannot see; the client must accept exactly what the service accepts for SOME stored
 * record (two very different ones here), and refuse only what it refuses for every one.
 *
 * Incident dates are kept before the server's clock: "not in the future" needs a clock,
 * which the schemas do not have (the providers' `check` adds it).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { encodeForm, type FormValue } from "../../src/client/encode";
import {
  ALERT_CHANNELS,
  ALERT_CONDITIONS,
  EXPIRY_ALERT_DAYS,
  INTERVALS,
  REQUEST_METHODS,
  incidentCreateSchema,
  incidentUpdateSchema,
  monitorCreateSchema,
  monitorUpdateSchema,
} from "../../src/schemas";
import { parseBody } from "../../src/server/body";
import type { IncidentRecord, MonitorRecord } from "../../src/server/store";
import { validateIncidentStore, validateIncidentUpdate } from "../../src/server/validate/incident";
import { validateMonitor } from "../../src/server/validate/monitor";
import { monitorDefaults } from "../support/monitor-defaults";

const RUNS = Number(process.env.VERDICT_RUNS ?? 400);
/** The server's clock: after every generated date. */
const NOW = Date.parse("2100-01-01T00:00:00Z");
const T0 = Date.parse("2024-01-01T00:00:00Z");

interface Verdict {
  valid: boolean;
  fields: string[];
}

function clientVerdict(schema: z.ZodType, input: unknown): Verdict {
  const r = schema.safeParse(input);
  return r.success
    ? { valid: true, fields: [] }
    : { valid: false, fields: [...new Set(r.error.issues.map((i) => i.path.join(".")))].sort() };
}

/** The input as the server receives it from the client: form-encoded, then parsed. */
function onTheWire(input: Record<string, unknown>): Record<string, unknown> {
  const parsed = parseBody(
    Buffer.from(encodeForm(input as { [k: string]: FormValue })),
    "application/x-www-form-urlencoded",
  );
  if (!parsed.ok) throw new Error(`the server could not parse the form: ${parsed.message}`);
  return parsed.input;
}

function serverVerdict(result: { ok: true } | { ok: false; errors: Record<string, string[]> }): Verdict {
  return result.ok ? { valid: true, fields: [] } : { valid: false, fields: Object.keys(result.errors).sort() };
}

// ---------------------------------------------------------------------------------------
// Values on and around the edges of every rule, of the types the client's types allow.

const spaces = fc.constantFrom(" ", "   ", "\t", " \n ");
/** Strings of `n` characters, some of them outside the BMP (one character, two UTF-16 units). */
const ofLength = (n: number) => fc.constantFrom("a".repeat(n), "😀".repeat(n), `${"a".repeat(Math.max(0, n - 1))}é`);
const text = (max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) },
    fc.constant(""),
    spaces,
    spaces.map((s) => `${s}x${s}`),
    ofLength(max),
    ofLength(max + 1),
    ofLength(Math.ceil(max / 2) + 1),
  );
const url = fc.oneof(
  { weight: 3, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
  fc.constantFrom(
    "https://api.example.com/health",
    "HTTP://EXAMPLE.COM/",
    "http://x",
    "http://localhost:8080/p",
    "https://[::1]/",
    "ftp://x.example.com",
    "https:// x",
    "not a url",
    "https://",
    "http:example.com",
    "https:/example.com",
    "//example.com",
    " https://example.com",
    "https://example.com ",
    "",
    "   ",
    "mailto:a@example.com",
    "https://exa_mple.com/",
    "http://1.2.3.4",
  ),
  fc.constantFrom(2048, 2049, 1030).map((n) => `https://example.com/${"p".repeat(n - 20)}`),
);
const intIn = (values: readonly number[], others: number[]) =>
  fc.oneof(fc.constantFrom(...values), fc.constantFrom(...others));
const stringIn = (values: readonly string[], others: string[]) =>
  fc.oneof(fc.constantFrom(...values), fc.constantFrom(...others));

/** `Y-m-dTH:i:s` around T0 (minutes apart, so that order and equality both happen), and malformed ones. */
const date = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.integer({ min: -3, max: 3 }).map((m) => new Date(T0 + m * 60_000).toISOString().slice(0, 19)),
  },
  fc.constantFrom(
    "2024-02-29T10:00:00",
    "2023-02-29T10:00:00",
    "2024-01-01 10:00:00",
    "2024-01-01T10:00",
    "2024-01-01T24:00:00",
    "2024-13-01T10:00:00",
    "2024-01-01T10:00:00Z",
    "2024-1-1T10:00:00",
    " 2024-01-01T10:00:00",
    "",
    " ",
  ),
);

const email = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom("a@b", "a@b.c", "no-at.example.com", "a b@example.com", "a@-x.com", "ops@example.com"),
);
const alertValue = fc.oneof(
  email,
  url,
  fc.constantFrom(
    "+4915112345678",
    "12345",
    "+",
    "+1-555",
    "1".repeat(16),
    "1".repeat(17),
    "bot123 456",
    "bot123",
    "a b c",
    " a b ",
    "a\tb",
  ),
  text(256),
);
const alert = fc.record({
  key: stringIn(ALERT_CHANNELS, ["Email", "pager", "valueOf", "constructor"]),
  value: alertValue,
});
const blank = (v: string) => v.trim() === "";
// An entry with both sides blank is left out here: see the last test.
const header = fc.record({ key: text(128), value: text(256) }).filter((h) => !(blank(h.key) && blank(h.value)));
const list = <T>(item: fc.Arbitrary<T>, max: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.array(item, { maxLength: 3 }) },
    fc.constant(max + 1).chain((n) => fc.array(item, { minLength: n, maxLength: n })),
  );

const monitorValues = {
  name: text(128),
  url,
  interval: intIn(INTERVALS, [0, 45, -60, 61, 86400]),
  alert_condition: stringIn(ALERT_CONDITIONS, ["URL_TEXT", "nope"]),
  alert_text_lookup: text(255),
  request_method: stringIn(REQUEST_METHODS, ["get", "TRACE"]),
  request_headers: list(header, 100),
  request_auth_username: text(255),
  request_auth_password: text(1024),
  cache_buster: intIn([0, 1], [2, -1]),
  ssl_alert_days: intIn(EXPIRY_ALERT_DAYS, [5, -1, 90]),
  domain_alert_days: intIn(EXPIRY_ALERT_DAYS, [4, 365]),
  maintenance_start_at: date,
  maintenance_end_at: date,
  alerts: list(alert, 100),
};

const monitorStore = fc.record(monitorValues, { requiredKeys: [] });
const monitorUpdate = fc.record(
  {
    ...monitorValues,
    alert_text_lookup: fc.option(monitorValues.alert_text_lookup),
    request_headers: fc.option(monitorValues.request_headers),
    request_auth_username: fc.option(monitorValues.request_auth_username),
    request_auth_password: fc.option(monitorValues.request_auth_password),
    maintenance_start_at: fc.option(monitorValues.maintenance_start_at),
    maintenance_end_at: fc.option(monitorValues.maintenance_end_at),
    alerts: fc.option(monitorValues.alerts),
    pause: fc.boolean(),
  },
  { requiredKeys: [] },
);

const incidentValues = {
  // Only monitor 1 exists: another id is refused by the service but cannot be known to the client.
  monitor_id: intIn([1], [0, -1]),
  started_at: date,
  acknowledged_at: date,
  ended_at: date,
  cause: text(255),
  comment: text(1024),
};
const incidentStore = fc.record(incidentValues, { requiredKeys: [] });
const incidentUpdate = fc.record(
  {
    acknowledged_at: incidentValues.acknowledged_at,
    ended_at: incidentValues.ended_at,
    cause: fc.option(incidentValues.cause),
    comment: fc.option(incidentValues.comment),
  },
  { requiredKeys: [] },
);

// ---------------------------------------------------------------------------------------
// Stored records an update is judged against.

function storedMonitor(over: Partial<MonitorRecord>): MonitorRecord {
  return {
    id: 1,
    account: "a",
    name: "Stored",
    url: "https://stored.example.com",
    interval: 60,
    status: "online",
    ...monitorDefaults(),
    ssl_ends_at: null,
    domain_ends_at: null,
    started_at: null,
    request_auth_password: null,
    checked_at: null,
    next_check_at: null,
    response_time: null,
    check_result: null,
    created_at: T0,
    updated_at: T0,
    ...over,
  };
}
const STORED_MONITORS = [
  storedMonitor({}),
  storedMonitor({
    alert_condition: "url_text",
    alert_text_lookup: "ok",
    request_auth_username: "u",
    request_auth_password: "p",
    maintenance_start_at: T0,
    maintenance_end_at: T0 + 3_600_000,
  }),
];

function storedIncident(over: Partial<IncidentRecord>): IncidentRecord {
  return {
    id: 1,
    account: "a",
    monitor_id: 1,
    started_at: Date.parse("2000-01-01T00:00:00Z"),
    acknowledged_at: null,
    ended_at: null,
    cause: null,
    comment: null,
    created_at: T0,
    updated_at: T0,
    ...over,
  };
}
const STORED_INCIDENTS = [
  storedIncident({}),
  storedIncident({
    started_at: T0 + 86_400_000,
    acknowledged_at: T0 + 86_400_000 + 60_000,
    ended_at: T0 + 86_400_000 + 120_000,
  }),
];

const monitorContext = { timeZone: "UTC", nameTaken: async () => false, hasOngoingIncident: false };
const incidentContext = {
  timeZone: "UTC",
  now: NOW,
  findMonitor: async (id: number) => (id === 1 ? storedMonitor({}) : undefined),
  hasOngoingIncident: async () => false,
  latestEndedAt: async () => null,
};

// ---------------------------------------------------------------------------------------

/** A readable account of one disagreement, for the failure message. */
function explain(input: unknown, client: Verdict, server: Verdict | Verdict[]): string {
  return `client ${JSON.stringify(client)} vs server ${JSON.stringify(server)} for ${JSON.stringify(input)}`;
}

async function agreeOnStore(
  schema: z.ZodType,
  input: Record<string, unknown>,
  validate: (wire: Record<string, unknown>) => Promise<Verdict>,
): Promise<void> {
  const client = clientVerdict(schema, input);
  const server = await validate(onTheWire(input));
  expect(client, explain(input, client, server)).toEqual(server);
}

async function agreeOnUpdate(
  schema: z.ZodType,
  input: Record<string, unknown>,
  judges: ((wire: Record<string, unknown>) => Promise<Verdict>)[],
): Promise<void> {
  const client = clientVerdict(schema, input);
  const wire = onTheWire(input);
  const server = await Promise.all(judges.map((judge) => judge(wire)));
  const why = explain(input, client, server);
  expect(client.valid, why).toBe(server.some((v) => v.valid));
  if (!client.valid)
    expect(
      server.map((v) => v.fields),
      why,
    ).toContainEqual(client.fields);
}

type ServerResult = Parameters<typeof serverVerdict>[0];
type Wire = Record<string, unknown>;

/** Property: for every generated store body, the client's schema and `validate` agree. */
function storesAgree(
  inputs: fc.Arbitrary<Wire>,
  schema: z.ZodType,
  validate: (wire: Wire) => ServerResult | Promise<ServerResult>,
): Promise<void> {
  return fc.assert(
    fc.asyncProperty(inputs, (input) =>
      agreeOnStore(schema, input, async (wire) => serverVerdict(await validate(wire))),
    ),
    { numRuns: RUNS },
  );
}

/** Property: for every generated update body, the client's schema agrees with `validate` against one of `stored`. */
function updatesAgree<S>(
  inputs: fc.Arbitrary<Wire>,
  schema: z.ZodType,
  stored: S[],
  validate: (wire: Wire, existing: S) => ServerResult | Promise<ServerResult>,
): Promise<void> {
  return fc.assert(
    fc.asyncProperty(inputs, (input) =>
      agreeOnUpdate(
        schema,
        input,
        stored.map((existing) => async (wire) => serverVerdict(await validate(wire, existing))),
      ),
    ),
    { numRuns: RUNS },
  );
}

describe("the client's schemas and the server's validation give the same verdict", () => {
  it("on monitor stores", async () => {
    await storesAgree(monitorStore, monitorCreateSchema, (wire) =>
      validateMonitor(wire, { ...monitorContext, mode: "store" }),
    );
  });

  it("on monitor updates", async () => {
    await updatesAgree(monitorUpdate, monitorUpdateSchema, STORED_MONITORS, (wire, existing) =>
      validateMonitor(wire, { ...monitorContext, mode: "update", existing }),
    );
  });

  it("on incident stores", async () => {
    await storesAgree(incidentStore, incidentCreateSchema, (wire) => validateIncidentStore(wire, incidentContext));
  });

  it("on incident updates", async () => {
    await updatesAgree(incidentUpdate, incidentUpdateSchema, STORED_INCIDENTS, (wire, existing) =>
      validateIncidentUpdate(wire, existing, { timeZone: "UTC", now: NOW }),
    );
  });

  it("on the cases the issue names", async () => {
    // acknowledged_at equal to started_at: the service refuses it.
    await agreeOnStore(
      incidentCreateSchema,
      { monitor_id: 1, started_at: "2024-01-01T10:00:00", acknowledged_at: "2024-01-01T10:00:00" },
      async (wire) => serverVerdict(await validateIncidentStore(wire, incidentContext)),
    );
    expect(
      clientVerdict(incidentCreateSchema, {
        monitor_id: 1,
        started_at: "2024-01-01T10:00:00",
        acknowledged_at: "2024-01-01T10:00:00",
      }).valid,
    ).toBe(false);
    // alert_condition alone on update: the service judges it against the stored lookup text.
    expect(clientVerdict(monitorUpdateSchema, { alert_condition: "url_text" }).valid).toBe(true);
    // Blank name or url: the service refuses both.
    expect(
      clientVerdict(monitorCreateSchema, { name: "   ", url: "https://example.com", interval: 60 }).fields,
    ).toEqual(["name"]);
    expect(clientVerdict(monitorCreateSchema, { name: "n", url: "   ", interval: 60 }).fields).toEqual(["url"]);
  });

  it("except on purpose: a list entry with both sides blank, which the service drops without a word", async () => {
    // Sent, it would be declared but never stored: a diff on every run. The client refuses it.
    const input = { name: "n", url: "https://example.com", interval: 60, request_headers: [{ key: " ", value: "" }] };
    expect(clientVerdict(monitorCreateSchema, input)).toEqual({
      valid: false,
      fields: ["request_headers.0.key", "request_headers.0.value"],
    });
    const stored = await validateMonitor(onTheWire(input), { ...monitorContext, mode: "store" });
    expect(stored.ok && stored.fields.request_headers).toEqual([]);
  });
});
