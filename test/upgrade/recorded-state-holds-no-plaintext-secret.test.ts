/**
 * Every recorded baseline state (test/upgrade/<version>/<program>/state.json) holds its
 * secrets as ciphertext only: none of the program's plaintext secrets shows, and secret
 * envelopes are there (so the check is not passing on a state without secrets). Nor does it
 * hold a path of the machine that recorded it (the engine's source positions).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { leaks } from "../e2e/harness";
import { UPGRADE_PROGRAMS } from "./programs";
import { BASELINE_DIR } from "./baseline";

it.each(UPGRADE_PROGRAMS.map((p) => [p.name, p] as const))(
  "the %s baseline's state holds its secrets encrypted",
  (name, program) => {
    const text = readFileSync(join(BASELINE_DIR, name, "state.json"), "utf8");
    expect(program.secrets.length).toBeGreaterThan(0);
    expect(leaks(text, program.secrets), `plaintext secret in ${name}/state.json`).toEqual([]);
    expect(text).toMatch(/"ciphertext":/);
  },
);

it.each(UPGRADE_PROGRAMS.map((p) => [p.name] as const))("the %s baseline's state names no machine path", (name) => {
  const text = readFileSync(join(BASELINE_DIR, name, "state.json"), "utf8");
  expect(text).not.toMatch(/sourcePosition|\/root\/|\/home\/|\/usr\/local\//);
});
