/**
 * Fuzzing `check`: 10,000 random property bags through the Monitor check and 10,000
 * through the Incident check (RELIABILITY_FUZZ_RUNS overrides the count).
 *
 * For every bag:
 *  - no exception escapes;
 *  - every failure names a property: in `property`, or, for a secret property (reported
 *    without `property`, so that the engine does not print its value), at the start of
 *    `reason`;
 *  - no failure echoes the value of a secret property;
 *  - when the bag holds no unknown, `check` agrees with an oracle written here from the
 *    API schemas (src/schemas: monitorCreateSchema, incidentCreateSchema) and the
 *    provider's documented rules (property names, coercion of config strings, defaults,
 *    `adopt`/`adoptId`/`paused`, incidents not in the future): every bag the oracle finds
 *    invalid gets at least one failure, and a bag it finds valid gets none. A bag holding
 *    unknowns (preview) is only required not to throw and to report well-formed failures.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkMonitor } from "../../src/runtime/monitor/check-monitor";
import { checkIncident } from "../../src/runtime/incident/check-incident";
import {
  MONITOR_API_FIELDS,
  MONITOR_DEFAULTS,
  MONITOR_PROVIDER_FIELDS,
  MONITOR_SECRET_FIELDS,
} from "../../src/runtime/monitor/monitor-props";
import { INCIDENT_API_FIELDS } from "../../src/runtime/incident/incident-props";
import { UNKNOWN } from "../../src/runtime/unknowns";
import { incidentCreateSchema, monitorCreateSchema } from "../../src/schemas";
import {
  ALERT_CHANNELS,
  ALERT_CONDITIONS,
  CACHE_BUSTER_VALUES,
  EXPIRY_ALERT_DAYS,
  INTERVALS,
  REQUEST_METHODS,
} from "../../src/schemas/values";
import { existsInZone, isLocalDateTime, localDateTimeToEpoch } from "../../src/util/time";

const RUNS = Number(process.env.RELIABILITY_FUZZ_RUNS ?? 10_000);
const NOW = Date.parse("2026-03-15T12:00:00Z");
const INTERNAL = ["__provider", "__resourceName"];

// ---------------------------------------------------------------------------------------
// Values

/** Secret leaves are mostly marked strings or long numbers, so that an echo is findable. */
const MARK = "SeKrIt";
const secretString = fc.string({ maxLength: 12 }).map((s) => `${MARK}${s}`);
const secretNumber = fc.integer({ min: 900_000_001, max: 999_999_999 });

const weird = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(""),
  fc.constant(" "),
  fc.constant(NaN),
  fc.constant(Infinity),
  fc.constant(-1),
  fc.constant(0),
  fc.constant(1.5),
  fc.constant(true),
  fc.constant(false),
  fc.constant([]),
  fc.constant({}),
  fc.constant("true"),
  fc.constant("1"),
  fc.constant(" 60 "),
  fc.constant("0x3c"),
  fc.constant("1e2"),
  fc.constant("__proto__"),
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 2 }),
);
const str = (max: number) =>
  fc.oneof(fc.string({ maxLength: 12 }), fc.string({ minLength: max - 2, maxLength: max + 2 }));
const url = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(
    "https://api.example.com/health",
    "http://x",
    "ftp://x.example.com",
    "https:// x",
    "not a url",
    "https://",
  ),
  fc.string({ maxLength: 10 }),
);
const date = fc.oneof(
  fc
    .date({ min: new Date("2000-01-01"), max: new Date("2030-12-31"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 19)),
  fc.constantFrom(
    "2026-02-29T10:00:00",
    "2024-02-29T10:00:00",
    "2026-03-15T12:00:01",
    "2026-03-15T11:59:59",
    "2024-01-01 10:00:00",
    "2024-01-01T10:00",
    "2024-01-01T24:00:00",
    "2024-13-01T10:00:00",
  ),
  fc.string({ maxLength: 10 }),
);
const oneOf = <T>(values: readonly T[]) => fc.oneof(fc.constantFrom(...values), fc.constantFrom(...values).map(String));

const keyValue = (keyArb: fc.Arbitrary<unknown>, valueArb: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.record({ key: keyArb, value: valueArb }) },
    { weight: 1, arbitrary: fc.record({ key: keyArb }) },
    { weight: 1, arbitrary: weird },
    { weight: 1, arbitrary: fc.record({ key: keyArb, value: valueArb, extra: fc.string() }) },
  );
const alertValue = fc.oneof(
  secretString,
  secretNumber,
  fc.constantFrom(
    `ops+${MARK}@example.com`,
    `https://hooks.example.com/${MARK}`,
    `+1555${900_000_123}`,
    `bot${MARK} 12345`,
  ),
);
const alerts = fc.array(
  keyValue(fc.oneof(fc.constantFrom(...ALERT_CHANNELS), fc.string({ maxLength: 6 })), alertValue),
  { maxLength: 4 },
);
const headers = fc.array(
  keyValue(
    fc.oneof(fc.constantFrom("Accept", "X-Token", ""), fc.string({ maxLength: 6 })),
    fc.oneof(secretString, secretNumber, fc.constant("")),
  ),
  { maxLength: 4 },
);

/** Candidate values per monitor property: mostly plausible, sometimes wrong in a telling way. */
const MONITOR_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  name: str(128),
  url,
  interval: oneOf(INTERVALS),
  alertCondition: fc.constantFrom(...ALERT_CONDITIONS, "down"),
  alertTextLookup: str(255),
  requestMethod: fc.constantFrom(...REQUEST_METHODS, "get", "FETCH"),
  requestHeaders: headers,
  requestAuthUsername: str(255),
  requestAuthPassword: fc.oneof(secretString, secretNumber, fc.constant(""), fc.constant(`${MARK}${"p".repeat(1030)}`)),
  cacheBuster: fc.oneof(oneOf(CACHE_BUSTER_VALUES), fc.boolean()),
  sslAlertDays: oneOf(EXPIRY_ALERT_DAYS),
  domainAlertDays: oneOf(EXPIRY_ALERT_DAYS),
  maintenanceStartAt: date,
  maintenanceEndAt: date,
  alerts,
  paused: fc.oneof(fc.boolean(), fc.constantFrom("true", "false", "yes", 1, 0)),
  adopt: fc.oneof(fc.boolean(), fc.constantFrom("true", "false", "no")),
  adoptId: fc.oneof(fc.integer({ min: -2, max: 50 }), fc.constantFrom("12", "x", 1.5)),
};

const INCIDENT_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  monitorId: fc.oneof(fc.integer({ min: -2, max: 1000 }), fc.constantFrom("12", " 7 ", "x", 1.5, 0)),
  startedAt: date,
  acknowledgedAt: date,
  endedAt: date,
  cause: str(255),
  comment: str(1024),
};

/** Property names that are not properties: near misses, the API's own spelling, junk. */
const strayKey = fc.oneof(
  fc.constantFrom(
    "Interval",
    "alert_condition",
    "request_headers",
    "monitor_id",
    "pause",
    "adopted",
    "id",
    "constructor",
    "toString",
  ),
  fc.string({ minLength: 1, maxLength: 10 }),
);

/** A bag: a random subset of the properties with candidate or weird values, sometimes stray keys and unknowns. */
function bag(values: Record<string, fc.Arbitrary<unknown>>, required: string[]): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(values).map(([k, v]) =>
    fc
      .option(
        fc.oneof(
          { weight: 24, arbitrary: v },
          { weight: 4, arbitrary: weird },
          { weight: 1, arbitrary: fc.constant(UNKNOWN) },
        ),
        {
          nil: undefined,
          freq: required.includes(k) ? 12 : 2,
        },
      )
      .map((value) => [k, value] as const),
  );
  return fc
    .tuple(fc.tuple(...entries), fc.array(fc.tuple(strayKey, weird), { maxLength: 2 }), fc.nat(19), fc.boolean())
    .map(([props, strays, strayChance, internal]) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of props) if (v !== undefined || internal) out[k] = v;
      if (strayChance === 0) for (const [k, v] of strays) out[k] = v;
      if (internal) Object.assign(out, { __provider: "exports.handler = …", __resourceName: "fuzzed" });
      return out;
    });
}

/** Drops the keys whose value is undefined. */
const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });

/** A monitor that should pass: valid values, cross-field rules respected (the oracle has the last word). */
const validMonitor = fc
  .record({
    name: fc.string({ minLength: 1, maxLength: 40 }),
    url: fc.constantFrom("https://api.example.com/health", "http://10.0.0.1:8080/ping", "https://x.example.org/a?b=c"),
    interval: fc.constantFrom(...INTERVALS),
    text: maybe(fc.tuple(fc.constantFrom("url_text", "url_no_text"), fc.string({ minLength: 1, maxLength: 20 }))),
    requestMethod: maybe(fc.constantFrom(...REQUEST_METHODS)),
    requestHeaders: maybe(
      fc.array(fc.record({ key: fc.constantFrom("Accept", "X-Token", "Authorization"), value: secretString }), {
        maxLength: 3,
      }),
    ),
    auth: maybe(fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), secretString)),
    cacheBuster: maybe(fc.constantFrom(0, 1, true, false, "1")),
    sslAlertDays: maybe(fc.constantFrom(...EXPIRY_ALERT_DAYS)),
    domainAlertDays: maybe(fc.constantFrom(...EXPIRY_ALERT_DAYS, "30")),
    maintenance: maybe(
      fc.constantFrom(["2026-04-01T00:00:00", "2026-04-01T02:00:00"], ["2025-12-31T23:00:00", "2026-01-01T01:30:00"]),
    ),
    alerts: maybe(
      fc.array(
        fc.constantFrom(
          { key: "email", value: `ops+${MARK}@example.com` },
          { key: "webhook", value: `https://hooks.example.com/${MARK}` },
          { key: "sms", value: "+15550123" },
          { key: "telegram", value: `bot${MARK} 12345` },
          { key: "slack", value: `https://hooks.slack.com/${MARK}` },
        ),
        { maxLength: 3 },
      ),
    ),
    paused: maybe(fc.constantFrom(true, false, "true")),
    adopt: maybe(fc.constantFrom(true, false)),
  })
  .map(({ text, auth, maintenance, ...rest }) =>
    defined({
      ...rest,
      alertCondition: text?.[0],
      alertTextLookup: text?.[1],
      requestAuthUsername: auth?.[0],
      requestAuthPassword: auth?.[1],
      maintenanceStartAt: maintenance?.[0],
      maintenanceEndAt: maintenance?.[1],
    }),
  );

/** An incident that should pass (the oracle has the last word). */
const validIncident = fc
  .record({
    monitorId: fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.constant("42")),
    startedAt: fc.constantFrom("2026-01-10T08:00:00", "2025-06-01T00:00:00", "2026-03-15T11:00:00"),
    ackAfter: maybe(fc.integer({ min: 0, max: 3_600 })),
    endAfter: maybe(fc.integer({ min: 1, max: 3_600 })),
    cause: maybe(fc.string({ maxLength: 30 })),
    comment: maybe(fc.string({ maxLength: 30 })),
  })
  .map(({ ackAfter, endAfter, ...rest }) => {
    const at = (s: number | undefined) =>
      s === undefined ? undefined : new Date(Date.parse(`${rest.startedAt}Z`) + s * 1000).toISOString().slice(0, 19);
    return defined({ ...rest, acknowledgedAt: at(ackAfter), endedAt: at(endAfter) });
  });

/** A valid bag with 0-2 changes: a property replaced by a candidate or weird value, removed, or a stray key added. */
function mutated(
  base: fc.Arbitrary<Record<string, unknown>>,
  values: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  const change = fc.oneof(
    fc.tuple(
      fc.constant("set" as const),
      fc
        .constantFrom(...Object.keys(values))
        .chain((k) => fc.tuple(fc.constant(k), fc.oneof(values[k], weird, fc.constant(UNKNOWN)))),
    ),
    fc.tuple(fc.constant("drop" as const), fc.tuple(fc.constantFrom(...Object.keys(values)), fc.constant(undefined))),
    fc.tuple(fc.constant("stray" as const), fc.tuple(strayKey, weird)),
  );
  return fc.tuple(base, fc.array(change, { maxLength: 2 })).map(([b, changes]) => {
    const out = { ...b };
    for (const [kind, [k, v]] of changes) {
      if (kind === "drop") delete out[k];
      else out[k] = v;
    }
    return out;
  });
}

// ---------------------------------------------------------------------------------------
// Oracles

function containsUnknownValue(v: unknown): boolean {
  if (v === UNKNOWN) return true;
  if (Array.isArray(v)) return v.some(containsUnknownValue);
  if (v && typeof v === "object") return Object.values(v).some(containsUnknownValue);
  return false;
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const intString = (v: unknown) => (typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);
const boolString = (v: unknown) =>
  v === "true" || v === 1 || v === "1" ? true : v === "false" || v === 0 || v === "0" ? false : v;

/** Invalid per the API's store schema and the provider's documented rules? (Bags without unknowns.) */
function monitorInvalid(b: Record<string, unknown>): boolean {
  const allowed = [...MONITOR_API_FIELDS, ...MONITOR_PROVIDER_FIELDS] as string[];
  if (Object.keys(b).some((k) => !allowed.includes(k) && !INTERNAL.includes(k))) return true;
  const v: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(b)) if (allowed.includes(k) && x !== null && x !== undefined) v[k] = x;
  // Documented coercions: whole-number strings for integer properties (config gives strings),
  // "true"/"false" for booleans, `cacheBuster: true|false`.
  if (v.cacheBuster === true) v.cacheBuster = 1;
  if (v.cacheBuster === false) v.cacheBuster = 0;
  for (const k of ["interval", "sslAlertDays", "domainAlertDays", "adoptId", "cacheBuster"])
    if (k in v) v[k] = intString(v[k]);
  for (const k of ["paused", "adopt"]) if (k in v) v[k] = boolString(v[k]);
  for (const [k, d] of Object.entries(MONITOR_DEFAULTS)) if (v[k] === undefined) v[k] = d;
  for (const k of ["paused", "adopt"]) if (k in v && typeof v[k] !== "boolean") return true;
  // Autonaming: an omitted name becomes `<resource name>-<7 random>`, except with adoption
  // (which finds the monitor by its name) or without a resource name to derive it from.
  const resourceName = b.__resourceName;
  if (v.name === undefined && v.adopt !== true && typeof resourceName === "string" && resourceName !== "") {
    v.name = `${resourceName.slice(0, 120)}-abc1234`;
  }
  if ("adoptId" in v && !(typeof v.adoptId === "number" && Number.isInteger(v.adoptId) && v.adoptId > 0)) return true;
  if (v.adopt === true && "adoptId" in v) return true;
  const api: Record<string, unknown> = {};
  for (const k of MONITOR_API_FIELDS) if (v[k] !== undefined) api[snake(k)] = v[k];
  return !monitorCreateSchema.safeParse(api).success;
}

function incidentInvalid(b: Record<string, unknown>, timeZone: string): boolean {
  const allowed = INCIDENT_API_FIELDS as readonly string[];
  if (Object.keys(b).some((k) => !allowed.includes(k) && !INTERNAL.includes(k))) return true;
  const v: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(b)) if (allowed.includes(k) && x !== null && x !== undefined) v[k] = x;
  if ("monitorId" in v) v.monitorId = intString(v.monitorId);
  for (const k of ["startedAt", "acknowledgedAt", "endedAt"]) {
    const d = v[k];
    if (typeof d !== "string" || !isLocalDateTime(d)) continue;
    // A wall time the clocks skip (daylight saving) is refused, as is one in the future.
    if (!existsInZone(d, timeZone) || localDateTimeToEpoch(d, timeZone) > NOW) return true;
  }
  const api: Record<string, unknown> = {};
  for (const k of allowed) if (v[k] !== undefined) api[snake(k)] = v[k];
  return !incidentCreateSchema.safeParse(api).success;
}

// ---------------------------------------------------------------------------------------
// Checks of one result

interface Failure {
  property: string;
  reason: string;
}

/** A property path's top name: `alerts[0].value` → `alerts`. */
const top = (path: string) => path.split(/[.[]/)[0];

/** The values a bag holds in secret properties (for monitors: the password, header and alert values). */
function secretValues(b: Record<string, unknown>, secret: readonly string[]): string[] {
  const out: string[] = [];
  const leaf = (v: unknown) => {
    if (
      (typeof v === "string" && v.length >= 6) ||
      (typeof v === "number" && Number.isFinite(v) && Math.abs(v) >= 100_000)
    )
      out.push(String(v));
  };
  for (const k of secret) {
    const v = b[k];
    if (Array.isArray(v)) for (const e of v) leaf(e && typeof e === "object" ? (e as { value?: unknown }).value : e);
    else leaf(v);
  }
  // A value the bag also holds outside its secret properties may be repeated for those.
  const rest = JSON.stringify(
    Object.entries(b).filter(([k]) => !secret.includes(k)),
    (_k, x) => (typeof x === "number" ? String(x) : x),
  );
  return out.filter((v) => !rest.includes(v));
}

/** Problems with the failures of one bag; [] when they are all well-formed. */
function malformed(failures: Failure[], known: string[], secret: readonly string[], secrets: string[] = []): string[] {
  const out: string[] = [];
  for (const f of failures) {
    // A key that is not a property is named at the start of the reason, never in `property`
    // (the engine would print its value, which may be a mistyped secret), whatever characters it holds.
    if (f.property === "" && known.some((k) => f.reason.startsWith(`${k}: is not a property of this resource`))) {
      for (const v of secrets)
        if (f.reason.includes(v)) out.push(`failure echoes the secret value ${v}: ${JSON.stringify(f)}`);
      continue;
    }
    const named =
      f.property !== "" ? f.property : /^([A-Za-z_$][\w$]*(?:\[\d+\]|\.[A-Za-z_$][\w$]*)*): /.exec(f.reason)?.[1];
    if (!named) out.push(`failure names no property: ${JSON.stringify(f)}`);
    // A stray key is named as it is, whatever characters it holds.
    else if (!known.includes(named) && !known.includes(top(named)))
      out.push(`failure names ${named}, which is neither a property nor a key of the bag: ${JSON.stringify(f)}`);
    else if (f.property === "" && !secret.includes(top(named)))
      out.push(`failure of a non-secret property without \`property\`: ${JSON.stringify(f)}`);
    else if (f.property !== "" && secret.includes(top(f.property)))
      out.push(
        `failure of a secret property with \`property\` set (the engine prints its value): ${JSON.stringify(f)}`,
      );
    for (const v of secrets)
      if (f.reason.includes(v)) out.push(`failure echoes the secret value ${v}: ${JSON.stringify(f)}`);
  }
  return out;
}

function describeBag(b: Record<string, unknown>): string {
  return JSON.stringify(b, (_k, v) =>
    v === undefined ? "<undefined>" : typeof v === "number" && !Number.isFinite(v) ? String(v) : v,
  );
}

/**
 * The verdicts of one fuzz property: each bag without unknowns is judged against the
 * model (invalid: check must fail it; valid: check must pass it), and the counts are
 * reported at the end, where the generator must have exercised both sides, or the
 * agreement means little.
 */
function verdictTally(resource: "Monitor" | "Incident") {
  const stats = { invalid: 0, valid: 0, unknowns: 0 };
  return {
    unknown(): void {
      stats.unknowns++;
    },
    judge(invalid: boolean, failures: Failure[], bag: string): void {
      if (invalid) {
        stats.invalid++;
        expect(failures.length, `invalid bag passed check: ${bag}`).toBeGreaterThan(0);
      } else {
        stats.valid++;
        expect(failures, `valid bag failed check: ${bag}`).toEqual([]);
      }
    },
    report(): void {
      console.log(
        `${resource} check: ${RUNS} bags: ${stats.invalid} invalid, ${stats.valid} valid, ${stats.unknowns} with unknowns`,
      );
      expect(stats.valid).toBeGreaterThan(RUNS / 10);
      expect(stats.invalid).toBeGreaterThan(RUNS / 4);
    },
  };
}

// ---------------------------------------------------------------------------------------

describe(`check fuzzing (${RUNS} bags each)`, () => {
  it("Monitor: nothing throws; every failure names a property and echoes no secret; check agrees with the schemas", () => {
    const tally = verdictTally("Monitor");
    fc.assert(
      fc.property(
        fc.oneof(bag(MONITOR_VALUES, ["name", "url", "interval"]), mutated(validMonitor, MONITOR_VALUES)),
        (b) => {
          const r = checkMonitor(b);
          const failures = (r.failures ?? []) as Failure[];
          const known = [...MONITOR_API_FIELDS, ...MONITOR_PROVIDER_FIELDS, ...Object.keys(b)] as string[];
          expect(
            malformed(failures, known, MONITOR_SECRET_FIELDS, secretValues(b, MONITOR_SECRET_FIELDS)),
            describeBag(b),
          ).toEqual([]);
          if (containsUnknownValue(b)) return tally.unknown();
          tally.judge(monitorInvalid(b), failures, describeBag(b));
        },
      ),
      { numRuns: RUNS },
    );
    tally.report();
  }, 300_000);

  it("Incident: nothing throws; every failure names a property; check agrees with the schemas and the not-in-the-future and daylight-saving-gap rules", () => {
    const tally = verdictTally("Incident");
    fc.assert(
      fc.property(
        fc.oneof(bag(INCIDENT_VALUES, ["monitorId", "startedAt"]), mutated(validIncident, INCIDENT_VALUES)),
        fc.constantFrom("UTC", "America/New_York", "Asia/Kolkata"),
        (b, timeZone) => {
          const r = checkIncident(b, timeZone, NOW);
          const failures = (r.failures ?? []) as Failure[];
          expect(malformed(failures, [...INCIDENT_API_FIELDS, ...Object.keys(b)], []), describeBag(b)).toEqual([]);
          if (containsUnknownValue(b)) return tally.unknown();
          tally.judge(incidentInvalid(b, timeZone), failures, `${describeBag(b)} in ${timeZone}`);
        },
      ),
      { numRuns: RUNS },
    );
    tally.report();
  }, 300_000);
});

describe("check echoes no secret", () => {
  // An alert whose key and value were swapped puts the webhook URL where the channel goes;
  // the allowed-values message of a secret property leaves the value out (the engine prints
  // reasons even when a failure carries no `property`).
  it("an alert channel given a webhook URL does not repeat the URL", () => {
    const secretUrl = "https://hooks.slack.com/services/T0/B0/sekrit-token";
    const r = checkMonitor({
      name: "n",
      url: "https://x.example.com",
      interval: 60,
      alerts: [{ key: secretUrl, value: "slack" }],
    });
    expect((r.failures ?? []).length).toBeGreaterThan(0);
    expect(JSON.stringify(r.failures)).not.toContain("sekrit-token");
  });

  it("a password or header value of the wrong type is not repeated", () => {
    const r = checkMonitor({
      name: "n",
      url: "https://x.example.com",
      interval: 60,
      requestAuthUsername: "u",
      requestAuthPassword: 987654321,
      requestHeaders: [{ key: "X-Token", value: 123456789 }],
    });
    expect(r.failures).toEqual([
      { property: "", reason: "requestHeaders[0].value: expected a string; got a number" },
      { property: "", reason: "requestAuthPassword: expected a string; got a number" },
    ]);
  });
});
