/**
 * `checked_at` has whole seconds, so a check in the same second as a monitor's change may have
 * come before it or after. `verify` counts it only when the service could not have checked the
 * monitor before: when the update created it. A monitor the update changed waits for a check
 * in a later second; a monitor the update created counts any check, even one whose second is
 * before the second the engine recorded it in.
 */
import { describe, expect, it } from "vitest";
import { checkedSince, type Watched } from "../../src/cli/verify";

const at = (iso: string) => Date.parse(iso);
const watched = (since: string, updateStart: string): Watched => ({
  resourceName: "api",
  name: "api",
  id: 1,
  interval: 60,
  since: at(since),
  updateStartMs: at(updateStart),
});

describe("a check in the change's own second", () => {
  const changed = watched("2026-11-27T10:00:05.700Z", "2026-11-27T10:00:01.000Z");
  const createdBefore = at("2026-01-01T00:00:00Z");

  it("does not count for a monitor the update changed: it may have come before the change", () => {
    expect(checkedSince(at("2026-11-27T10:00:05Z"), createdBefore, changed)).toBe(false);
  });

  it("counts in a later second", () => {
    expect(checkedSince(at("2026-11-27T10:00:06Z"), createdBefore, changed)).toBe(true);
    expect(checkedSince(at("2026-11-27T10:00:04Z"), createdBefore, changed)).toBe(false);
  });
});

describe("a monitor the update created", () => {
  // Created on the service at 10:00:05, recorded by the engine at 10:00:06.050.
  const created = watched("2026-11-27T10:00:06.050Z", "2026-11-27T10:00:01.000Z");

  it("counts any check: the service could not have checked it before it existed", () => {
    expect(checkedSince(at("2026-11-27T10:00:05Z"), at("2026-11-27T10:00:05Z"), created)).toBe(true);
    expect(checkedSince(at("2026-11-27T10:00:06Z"), at("2026-11-27T10:00:05Z"), created)).toBe(true);
  });
});
