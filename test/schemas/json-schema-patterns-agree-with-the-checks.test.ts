/**
 * Every string the description's patterns allow passes the checks the client and the local
 * server apply, so a request generated from docs/openapi.json is never refused for its
 * format. Strings are drawn from the patterns themselves.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { isEmail, isHttpUrl as serverIsHttpUrl } from "../../src/server/validate/rules";
import {
  ALERT_VALUE_RULES,
  EMAIL_PATTERN,
  HTTP_URL_PATTERN,
  LOCAL_DATE_TIME_PATTERN,
  PHONE_PATTERN,
  TELEGRAM_PATTERN,
  isHttpUrl,
} from "../../src/schemas";
import { isLocalDateTime } from "../../src/util/time";

const drawn = (pattern: string) => fc.stringMatching(new RegExp(pattern));
const RUNS = { numRuns: 500 };

describe("patterns allow only what the checks accept", () => {
  test("date-time: a real calendar time", () => {
    fc.assert(
      fc.property(drawn(LOCAL_DATE_TIME_PATTERN), (s) => isLocalDateTime(s)),
      RUNS,
    );
  });
  test("URL: the client's and the server's URL rules", () => {
    fc.assert(
      fc.property(drawn(HTTP_URL_PATTERN), (s) => isHttpUrl(s) && serverIsHttpUrl(s)),
      RUNS,
    );
  });
  test("email, phone and telegram: the channels' rules", () => {
    fc.assert(
      fc.property(drawn(EMAIL_PATTERN), (s) => isEmail(s) && ALERT_VALUE_RULES.email.test(s)),
      RUNS,
    );
    fc.assert(
      fc.property(drawn(PHONE_PATTERN), (s) => ALERT_VALUE_RULES.sms.test(s)),
      RUNS,
    );
    fc.assert(
      fc.property(drawn(TELEGRAM_PATTERN), (s) => ALERT_VALUE_RULES.telegram.test(s)),
      RUNS,
    );
  });
});

test("the date-time pattern knows leap years and month lengths", () => {
  const re = new RegExp(LOCAL_DATE_TIME_PATTERN);
  for (const ok of ["2024-02-29T00:00:00", "2000-02-29T12:30:59", "2026-01-31T23:59:59", "2026-04-30T00:00:00"])
    expect(re.test(ok), ok).toBe(true);
  for (const bad of [
    "2026-02-29T00:00:00",
    "1900-02-29T00:00:00",
    "2026-04-31T00:00:00",
    "2026-13-01T00:00:00",
    "2026-01-01T24:00:00",
    "2026-01-01 00:00:00",
  ]) {
    expect(re.test(bad), bad).toBe(false);
  }
});
