/**
 * Reads right after writes (read-after-write.ts) on a stand-in clock, with stand-in reads:
 * an answer older than the write the state recorded is read again, pausing 250 ms, then
 * twice as long each time up to 2 s, for at most 10 s; then the error says what it saw. A
 * record missing right after its create is read again too; one missing long after is gone.
 * (Against the local server with lagging reads: reads-right-after-writes-wait-… in the server
 * suite.)
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UptimeNotFoundError } from "../../src/client/errors";
import {
  deletedByThisProcess,
  findWithin,
  noteDeleted,
  readNotOlder,
  setWaiting,
  writeOrReadBack,
} from "../../src/runtime/read-after-write";
import { UptimeResourceError } from "../../src/runtime/user-errors";

let now = 0;
let pauses: number[] = [];
beforeEach(() => {
  now = Date.parse("2026-01-01T10:00:00Z");
  pauses = [];
  setWaiting({
    now: () => now,
    sleep: async (ms) => {
      pauses.push(ms);
      now += ms;
    },
  });
});
afterEach(() => setWaiting(undefined));

/** A read that answers `answers[n]` on its n-th call (the last one again after that); an Error is thrown. */
function reads<T>(answers: (T | Error)[]) {
  let calls = 0;
  return {
    read: async () => {
      const a = answers[Math.min(calls++, answers.length - 1)];
      if (a instanceof Error) throw a;
      return a;
    },
    calls: () => calls,
  };
}

const recorded = { createdAt: "2026-01-01T09:00:00", updatedAt: "2026-01-01T10:00:00" };
const at = (updated_at: string) => ({ updated_at });

describe("an answer older than the recorded write", () => {
  it("is read again until it is not, pausing longer each time", async () => {
    const r = reads([at("2026-01-01T09:59:58"), at("2026-01-01T09:59:59"), at("2026-01-01T10:00:00")]);
    expect(await readNotOlder('Monitor "a"', "monitor 1", recorded, "UTC", r.read)).toEqual(at("2026-01-01T10:00:00"));
    expect(r.calls()).toBe(3);
    expect(pauses).toEqual([250, 500]);
  });

  it("reads again with the second reader when one is given", async () => {
    const first = reads([at("2026-01-01T09:59:58")]);
    const again = reads([at("2026-01-01T10:00:01")]);
    await readNotOlder("M", "monitor 1", recorded, "UTC", first.read, again.read);
    expect([first.calls(), again.calls()]).toEqual([1, 1]);
  });

  it("gives up after 10 s, naming the resource, the record, what it saw and the reads made", async () => {
    const r = reads([at("2026-01-01T09:59:58")]);
    const error = await readNotOlder('Monitor "a"', "monitor 1", recorded, "UTC", r.read).catch((e: unknown) => e);
    expect(pauses).toEqual([250, 500, 1000, 2000, 2000, 2000, 2000, 250]);
    expect(error).toBeInstanceOf(UptimeResourceError);
    expect((error as Error).message).toBe(
      'Monitor "a": monitor 1: it reads as last updated at 2026-01-01T09:59:58, before the update at 2026-01-01T10:00:00 ' +
        "recorded in state, and still did after 9 reads over 10 s: the service's reads lag its writes by more than the " +
        "provider waits for (10 s, see docs/consistency.md). Nothing was recorded from that read; run the command again in a moment.",
    );
  });

  it("is taken as it is when it differs by whole quarter hours (a zone's offset, not a lag)", async () => {
    const r = reads([at("2026-01-01T09:00:00")]);
    await readNotOlder("M", "monitor 1", recorded, "UTC", r.read);
    expect(r.calls()).toBe(1);
    const odd = reads([at("2026-01-01T08:45:07")]);
    await readNotOlder("M", "monitor 1", { updatedAt: "2026-01-01T10:00:07" }, "UTC", odd.read);
    expect(odd.calls()).toBe(1);
  });

  it("is compared as instants, the recorded date in the account's zone and the service's in UTC", async () => {
    const berlin = reads([at("2026-01-01T09:00:01.000000Z")]);
    await readNotOlder("M", "monitor 1", recorded, "Europe/Berlin", berlin.read);
    expect(berlin.calls()).toBe(1);
    const utc = reads([at("2026-01-01T09:00:01.000000Z")]);
    await expect(readNotOlder("M", "monitor 1", recorded, "UTC", utc.read)).rejects.toThrow(/before the update/);
  });

  it("is not judged when either date is missing or unreadable", async () => {
    for (const [rec, live] of [
      [{}, at("2026-01-01T09:00:01")],
      [recorded, {}],
      [{ updatedAt: "soon" }, at("2026-01-01T09:00:01")],
      [recorded, at("")],
    ] as const) {
      const r = reads([live]);
      await readNotOlder("M", "monitor 1", rec, "UTC", r.read);
      expect(r.calls()).toBe(1);
    }
  });
});

describe("a record that reads as missing", () => {
  const gone = () => new UptimeNotFoundError("GET /api/v1/monitors/1: not found (404).", {});

  it("right after its create is read again, and found", async () => {
    const r = reads<object>([gone(), at("2026-01-01T10:00:00")]);
    const created = { createdAt: "2026-01-01T09:59:55" };
    expect(await readNotOlder("M", "monitor 1", created, "UTC", r.read)).toEqual(at("2026-01-01T10:00:00"));
    expect(pauses).toEqual([250]);
  });

  it("created moments ago by the service's clock and still missing after 10 s says so, with the 404 as the cause", async () => {
    const r = reads<object>([gone()]);
    const error = await readNotOlder("M", "monitor 1", { createdAt: "2026-01-01T10:00:05" }, "UTC", r.read).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toContain(
      "monitor 1: it reads as missing, though it was created at 2026-01-01T10:00:05,",
    );
    expect((error as Error).cause).toBeInstanceOf(UptimeNotFoundError);
  });

  it("once its create is 10 s away or more, is gone: the 404 itself", async () => {
    for (const createdAt of ["2026-01-01T09:59:50", "2026-01-01T10:00:10", undefined]) {
      const r = reads<object>([gone()]);
      await expect(readNotOlder("M", "monitor 1", { createdAt }, "UTC", r.read)).rejects.toBeInstanceOf(
        UptimeNotFoundError,
      );
      expect(r.calls()).toBe(1);
    }
  });

  it("any other failure of the read is thrown at once, even right after the create", async () => {
    const r = reads<object>([new Error("boom")]);
    await expect(readNotOlder("M", "monitor 1", { createdAt: "2026-01-01T09:59:59" }, "UTC", r.read)).rejects.toThrow(
      "boom",
    );
    expect(r.calls()).toBe(1);
  });
});

describe("an update's answer", () => {
  it("is the update's when there is something to write, else a read that is not older", async () => {
    const sent: string[] = [];
    const records = {
      get: async (id: number) => (sent.push(`get ${id}`), at("2026-01-01T10:00:00")),
      update: async (id: number, body: object) => (sent.push(`update ${id} ${JSON.stringify(body)}`), at("x")),
    };
    expect(await writeOrReadBack("M", "monitor", 4, recorded, "UTC", records, { name: "n" })).toEqual(at("x"));
    expect(await writeOrReadBack("M", "monitor", 4, recorded, "UTC", records, {})).toEqual(at("2026-01-01T10:00:00"));
    expect(sent).toEqual(['update 4 {"name":"n"}', "get 4"]);
  });

  it("names the record in the read's error", async () => {
    const records = { get: async () => at("2026-01-01T09:59:58"), update: async () => at("x") };
    await expect(writeOrReadBack("M", "incident", 4, recorded, "UTC", records, {})).rejects.toThrow(/^M: incident 4: /);
  });
});

describe("a lookup that may lag", () => {
  it("is repeated until it finds the record", async () => {
    const r = reads<string | undefined>([undefined, undefined, "found"]);
    expect(await findWithin(r.read)).toBe("found");
    expect(pauses).toEqual([250, 500]);
  });

  it("gives up after 10 s with nothing", async () => {
    const r = reads<string | undefined>([undefined]);
    expect(await findWithin(r.read)).toBeUndefined();
    expect(pauses).toEqual([250, 500, 1000, 2000, 2000, 2000, 2000, 250]);
  });
});

describe("records this process deleted", () => {
  it("are remembered by kind and id", () => {
    noteDeleted("monitor", 77);
    expect(deletedByThisProcess("monitor", 77)).toBe(true);
    expect(deletedByThisProcess("monitor", "77")).toBe(true);
    expect(deletedByThisProcess("incident", 77)).toBe(false);
    expect(deletedByThisProcess("monitor", 78)).toBe(false);
  });
});
