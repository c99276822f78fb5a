/**
 * Where the providers' warnings go (log.ts): the sink a door sets, else one made by the
 * default maker, else stderr; a warning keyed once is said once per process until the sink
 * changes, and falls back to stderr when the sink fails.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  providerLog,
  setDefaultProviderLog,
  setProviderLog,
  stderrLog,
  warnOnce,
  type ProviderLog,
} from "../../src/runtime/log";

function recording(fail = false) {
  const said: string[] = [];
  const log: ProviderLog = {
    warn: async (m, urn) => {
      said.push(`warn ${m}${urn ? ` @${urn}` : ""}`);
      if (fail) throw new Error("sink gone");
    },
    info: async (m) => {
      said.push(`info ${m}`);
    },
  };
  return { said, log };
}

afterEach(() => {
  setDefaultProviderLog(() => stderrLog);
  setProviderLog(undefined);
  vi.restoreAllMocks();
});

describe("the sink", () => {
  it("is the one a door set, else the default maker's, made once", () => {
    const made = recording();
    let makes = 0;
    setDefaultProviderLog(() => (makes++, made.log));
    setProviderLog(undefined);
    expect(providerLog()).toBe(made.log);
    expect(providerLog()).toBe(made.log);
    expect(makes).toBe(1);
    const door = recording();
    setProviderLog(door.log);
    expect(providerLog()).toBe(door.log);
  });

  it("stderr shows warnings and drops notices", async () => {
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await stderrLog.warn("careful");
    await stderrLog.info("fyi");
    expect(write.mock.calls.map((c) => c[0])).toEqual(["warning: careful\n"]);
  });
});

describe("a warning said once", () => {
  it("goes out once per key, with its URN, until the sink is set again", async () => {
    const r = recording();
    setProviderLog(r.log);
    await warnOnce("zone", "zone differs", "urn:a");
    await warnOnce("zone", "zone differs again");
    await warnOnce("other", "other thing");
    expect(r.said).toEqual(["warn zone differs @urn:a", "warn other thing"]);
    setProviderLog(r.log);
    await warnOnce("zone", "zone differs");
    expect(r.said).toHaveLength(3);
  });

  it("falls back to stderr when the sink fails, and never throws", async () => {
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    setProviderLog(recording(true).log);
    await expect(warnOnce("k", "careful")).resolves.toBeUndefined();
    expect(write.mock.calls.map((c) => c[0])).toEqual(["warning: careful\n"]);
  });
});
