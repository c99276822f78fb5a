/**
 * The fuzz and property tests' seed (test/support/seed.ts): the commit's unless FUZZ_SEED
 * says otherwise, and fast-check runs with it.
 */
import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { expect, it } from "vitest";
import { SALT, fuzzSeed, parseSeed, seedFrom, seedOf } from "../support/seed";

it("is the commit's hash folded to 31 bits, the same on every call", () => {
  const head = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  const got = seedFrom({});
  expect(got).toEqual({ seed: seedOf(`${SALT}\n${head}`), source: `commit ${head.slice(0, 12)}` });
  expect(seedFrom({})).toEqual(got);
  expect(got.seed).toBeGreaterThanOrEqual(0);
  expect(got.seed).toBeLessThan(2 ** 31);
  // Another commit, another seed.
  expect(seedOf(`${SALT}\n${"0".repeat(40)}`)).not.toBe(got.seed);
});

it("is FUZZ_SEED when set, which must be a whole number below 2^31", () => {
  expect(seedFrom({ FUZZ_SEED: "12345" })).toEqual({ seed: 12345, source: "FUZZ_SEED" });
  expect(seedFrom({ FUZZ_SEED: "" }).source).toMatch(/^commit /);
  for (const bad of ["-1", "1.5", "abc", String(2 ** 31)]) expect(() => parseSeed(bad)).toThrow(/FUZZ_SEED/);
});

it("is fast-check's global seed in this suite", () => {
  expect(fc.readConfigureGlobal().seed).toBe(fuzzSeed().seed);
});
