/**
 * Property tests of the input checks the client runs before any request: generated
 * valid monitors and incidents pass; a value outside an allowed list is rejected with a
 * message listing the allowed values, under the user's field path, and nothing is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { UptimeClient } from "../../src/client";
import { UptimeInputError } from "../../src/client/errors";
import { validateInput } from "../../src/client/validate";
import {
  ALERT_CHANNELS,
  EXPIRY_ALERT_DAYS,
  INTERVALS,
  REQUEST_METHODS,
  incidentCreateSchema,
  monitorCreateSchema,
  monitorUpdateSchema,
  type MonitorCreateInput,
} from "../../src/schemas";
import { formatLocalDateTime } from "../../src/util/time";
import { startTinyServer, type TinyServer } from "./helpers/tiny-server";

const url = (max: number) =>
  fc.webUrl({ validSchemes: ["http", "https"] }).filter((u) => u.length <= max && !/\s/.test(u));
const alert = fc.oneof(
  fc.record({ key: fc.constant("email"), value: fc.emailAddress().filter((e) => e.length <= 256) }),
  fc.record({ key: fc.constant("sms"), value: fc.stringMatching(/^\+?[0-9]{1,15}$/) }),
  fc.record({
    key: fc.constant("telegram"),
    value: fc
      .tuple(fc.stringMatching(/^[0-9]{5,10}:[A-Za-z0-9_-]{10,40}$/), fc.stringMatching(/^-?[0-9]{3,12}$/))
      .map(([t, c]) => `${t} ${c}`),
  }),
  fc.record({ key: fc.constantFrom("webhook", "slack", "teams", "discord", "flock"), value: url(256) }),
);
/** Strings of `min`..`max` characters that are not only whitespace (the service reads those as missing). */
const nonBlank = (max: number) => fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim() !== "");
const header = fc.record({
  key: nonBlank(128),
  value: nonBlank(256),
});

/** Monitors that satisfy the contract and the service's cross-field rules. */
const validMonitor: fc.Arbitrary<MonitorCreateInput> = fc
  .record(
    {
      name: fc
        .string({ unit: "grapheme", minLength: 1, maxLength: 40 })
        .filter((n) => n.length <= 128 && n.trim() !== ""),
      url: url(2048),
      interval: fc.constantFrom(...INTERVALS),
      condition: fc.oneof(
        fc.constant({ alert_condition: "url_unavailable" as const }),
        fc.record({
          alert_condition: fc.constantFrom("url_text" as const, "url_no_text" as const),
          alert_text_lookup: nonBlank(255),
        }),
      ),
      request_method: fc.constantFrom(...REQUEST_METHODS),
      request_headers: fc.array(header, { maxLength: 5 }),
      auth: fc.option(fc.record({ request_auth_username: nonBlank(255), request_auth_password: nonBlank(1024) })),
      cache_buster: fc.constantFrom(0 as const, 1 as const),
      ssl_alert_days: fc.constantFrom(...EXPIRY_ALERT_DAYS),
      domain_alert_days: fc.constantFrom(...EXPIRY_ALERT_DAYS),
      window: fc.option(
        fc.tuple(fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }), fc.integer({ min: 1, max: 86_400 * 30 })),
      ),
      alerts: fc.array(alert, { maxLength: 6 }),
    },
    { requiredKeys: ["name", "url", "interval"] },
  )
  .map(({ condition, auth, window, ...rest }) => ({
    ...rest,
    ...condition,
    ...(auth ?? {}),
    ...(window
      ? {
          maintenance_start_at: formatLocalDateTime(window[0] * 1000),
          maintenance_end_at: formatLocalDateTime((window[0] + window[1]) * 1000),
        }
      : {}),
  })) as fc.Arbitrary<MonitorCreateInput>;

const notIn = (values: readonly number[]) =>
  fc.oneof(fc.integer({ min: -10_000, max: 100_000 }), fc.double({ noNaN: true })).filter((n) => !values.includes(n));

describe("input validators", () => {
  let server: TinyServer;
  let client: UptimeClient;
  beforeAll(async () => {
    server = await startTinyServer(() => ({ status: 500 }));
    client = new UptimeClient({ baseUrl: server.url, apiKey: "validator-test-key" });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  it("accept every generated valid monitor, for store and for update", () => {
    fc.assert(
      fc.property(validMonitor, (m) => {
        expect(() => validateInput(monitorCreateSchema, m, "monitor input")).not.toThrow();
        expect(() => validateInput(monitorUpdateSchema, m, "monitor update")).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it("accept every generated valid incident", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 1_600_000_000, max: 1_700_000_000 }),
        fc.option(fc.integer({ min: 1, max: 1e6 })),
        (monitorId, start, length) => {
          const input = {
            monitor_id: monitorId,
            started_at: formatLocalDateTime(start * 1000),
            ...(length ? { ended_at: formatLocalDateTime((start + length) * 1000) } : {}),
          };
          expect(() => validateInput(incidentCreateSchema, input, "incident input")).not.toThrow();
        },
      ),
    );
  });

  it("reject any interval outside the list, listing the allowed values, and send nothing", async () => {
    await fc.assert(
      fc.asyncProperty(validMonitor, notIn(INTERVALS), async (m, interval) => {
        const err = await client.monitors
          .create({ ...m, interval } as unknown as MonitorCreateInput)
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(UptimeInputError);
        const messages = (err as UptimeInputError).fields.interval;
        expect(messages).toHaveLength(1);
        expect(messages[0]).toContain(INTERVALS.join(", "));
        expect((err as Error).message).toContain("interval: ");
      }),
      { numRuns: 100 },
    );
    expect(server.requests).toHaveLength(0);
  });

  it("reject expiry lead times outside the list, listing the allowed values", () => {
    fc.assert(
      fc.property(notIn(EXPIRY_ALERT_DAYS), fc.constantFrom("ssl_alert_days", "domain_alert_days"), (days, field) => {
        const err = (() => {
          try {
            validateInput(monitorUpdateSchema, { [field]: days }, "monitor update");
          } catch (e) {
            return e;
          }
        })();
        expect(err).toBeInstanceOf(UptimeInputError);
        expect((err as UptimeInputError).fields[field][0]).toContain(EXPIRY_ALERT_DAYS.join(", "));
      }),
    );
  });

  it("reject unknown alert channels and bad alert values under alerts[i].key / alerts[i].value", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(alert, { maxLength: 4 }),
        fc.string({ minLength: 1, maxLength: 10 }).filter((k) => !(ALERT_CHANNELS as readonly string[]).includes(k)),
        async (before, badKey) => {
          const alerts = [...before, { key: badKey, value: "x" }];
          const err = await client.monitors.update(1, { alerts } as never).catch((e: unknown) => e);
          expect(err).toBeInstanceOf(UptimeInputError);
          const fields = (err as UptimeInputError).fields;
          expect(Object.keys(fields)).toEqual([`alerts[${before.length}].key`]);
          expect(fields[`alerts[${before.length}].key`][0]).toContain(ALERT_CHANNELS.join(", "));
        },
      ),
      { numRuns: 50 },
    );
    const err = (await client.monitors
      .update(1, {
        alerts: [
          { key: "email", value: "ops@example.com" },
          { key: "email", value: "nope" },
        ],
      })
      .catch((e: unknown) => e)) as UptimeInputError;
    expect(err.fields).toEqual({ "alerts[1].value": ["must be an email address for email"] });
    expect(server.requests).toHaveLength(0);
  });

  it("report every failing field at once", async () => {
    const err = (await client.monitors
      .create({ name: "", url: "nope", interval: 61 } as never)
      .catch((e: unknown) => e)) as UptimeInputError;
    expect(Object.keys(err.fields).sort()).toEqual(["interval", "name", "url"]);
    expect(err.message).toMatch(/^invalid monitor input: /);
    expect(server.requests).toHaveLength(0);
  });

  it("reject ids that are not positive whole numbers before any request", async () => {
    for (const id of [0, -1, 1.5, Number.NaN, "1/../2" as unknown as number]) {
      await expect(client.monitors.get(id)).rejects.toBeInstanceOf(UptimeInputError);
      await expect(client.incidents.delete(id)).rejects.toBeInstanceOf(UptimeInputError);
    }
    expect(server.requests).toHaveLength(0);
  });

  it("reject list queries outside the allowed values before any request", async () => {
    await expect(client.monitors.list({ per_page: 20 as never })).rejects.toThrow(
      /per_page: 20 is not one of 10, 25, 50, 100/,
    );
    expect(() => client.incidents.pages({ status: "open" as never })).toThrow(UptimeInputError);
    expect(server.requests).toHaveLength(0);
  });
});
