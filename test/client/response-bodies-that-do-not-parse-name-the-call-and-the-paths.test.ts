/**
 * Reading response bodies (parse-response.ts) on its own: either shape of a record body,
 * dates into the account's zone, and a body that does not parse failing with the call, the
 * status and the failing paths, never the values (they may hold secrets).
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  INCIDENT,
  MONITOR,
  decode,
  parseJson,
  readDeleted,
  readPage,
  readRecord,
} from "../../src/client/parse-response";
import { UptimeResponseError } from "../../src/client/errors";
import { monitorBody } from "./helpers/tiny-server";
import { thrownBy } from "../support/thrown-error";

const at = { method: "GET", path: "/api/v1/monitors/1", status: 200 };

/** What `run` throws, checked to be a response error. */
const failure = (run: () => unknown): UptimeResponseError => thrownBy(run, UptimeResponseError);

describe("JSON", () => {
  it("an empty or blank body is no body", () => {
    expect(parseJson("", at)).toBeUndefined();
    expect(parseJson("  \n", at)).toBeUndefined();
  });

  it("a body that is not JSON fails naming the call and the status", () => {
    const error = failure(() => parseJson("<html>", { ...at, status: 502 }));
    expect(error.message).toBe("GET /api/v1/monitors/1: unexpected response (502): the body is not JSON");
    expect(error).toMatchObject({ method: "GET", path: "/api/v1/monitors/1", status: 502 });
  });
});

describe("a body that does not fit its schema", () => {
  const schema = z.object({ a: z.string(), list: z.array(z.object({ v: z.number() })) });

  it("names each failing path as users write it, with the issue's code, and no value", () => {
    const error = failure(() => decode(schema, { a: "secret-value", list: [{ v: "hidden" }] }, at));
    expect(error.message).toBe(
      "GET /api/v1/monitors/1: unexpected response (200): not a valid body at list[0].v (invalid_type)",
    );
    expect(error.message).not.toContain("hidden");
  });

  it("puts the path of the value inside the body in front", () => {
    const error = failure(() => decode(schema, { a: 1, list: [] }, at, ["data"]));
    expect(error.message).toContain("not a valid body at data.a (invalid_type)");
  });

  it("names the body itself when the whole value is wrong", () => {
    const error = failure(() => decode(schema, "text", at));
    expect(error.message).toContain("not a valid body at (body) (invalid_type)");
  });

  it("lists five failing paths and counts the rest", () => {
    const seven = z.object(Object.fromEntries(["a", "b", "c", "d", "e", "f", "g"].map((k) => [k, z.string()])));
    const error = failure(() => decode(seven, {}, at));
    expect(error.message).toBe(
      "GET /api/v1/monitors/1: unexpected response (200): not a valid body at a (invalid_type), b (invalid_type), " +
        "c (invalid_type), d (invalid_type), e (invalid_type) and 2 more",
    );
  });

  it("lists exactly five without a count", () => {
    const five = z.object(Object.fromEntries(["a", "b", "c", "d", "e"].map((k) => [k, z.string()])));
    expect(failure(() => decode(five, {}, at)).message).toMatch(/e \(invalid_type\)$/);
  });
});

describe("records", () => {
  it("reads a record under data, and a bare record some instances send", () => {
    const body = monitorBody({ id: 5 });
    expect(readRecord(MONITOR, { data: body }, at, "UTC").id).toBe(5);
    expect(readRecord(MONITOR, body, at, "UTC").id).toBe(5);
  });

  it("a body with neither a record under data nor an id fails", () => {
    for (const body of [null, "text", { name: "m" }, undefined]) {
      expect(failure(() => readRecord(MONITOR, body, at, "UTC")).message).toContain("no record under data");
    }
  });

  it("names a failing path of a bare record from the body's top", () => {
    const error = failure(() => readRecord(MONITOR, { ...monitorBody(), name: 5 }, at, "UTC"));
    expect(error.message).toContain("not a valid body at name (invalid_type)");
  });

  it("names a failing path under data for a wrapped record", () => {
    const error = failure(() => readRecord(MONITOR, { data: { ...monitorBody(), name: 5 } }, at, "UTC"));
    expect(error.message).toContain("data.name (invalid_type)");
  });

  it("turns every date field into wall time in the account's zone, and leaves others alone", () => {
    const body = monitorBody({
      checked_at: "2024-01-15T12:00:00.000000Z",
      created_at: "2024-07-15T12:00:00.000000Z",
      name: "2024-01-15T12:00:00.000000Z",
    });
    const m = readRecord(MONITOR, { data: body }, at, "Europe/Paris");
    expect(m.checked_at).toBe("2024-01-15T13:00:00");
    expect(m.created_at).toBe("2024-07-15T14:00:00");
    expect(m.name).toBe("2024-01-15T12:00:00.000000Z");
  });

  it("keeps a date field the body leaves out absent", () => {
    const body = { id: 2, monitor_id: 1, started_at: "2024-01-15T12:00:00.000000Z" };
    const i = readRecord(INCIDENT, { data: body }, at, "UTC");
    expect(i.started_at).toBe("2024-01-15T12:00:00");
    expect("created_at" in i).toBe(false);
  });
});

describe("pages", () => {
  it("reads each record of a page, dates in the account's zone", () => {
    const body = { data: [{ id: 2, monitor_id: 1, started_at: "2024-01-15T12:00:00.000000Z" }] };
    const page = readPage(INCIDENT, body, at, "Asia/Tokyo");
    expect(page.data[0].started_at).toBe("2024-01-15T21:00:00");
    // Read twice: the page schema built for the first read serves the second.
    expect(readPage(INCIDENT, body, at, "UTC").data[0].started_at).toBe("2024-01-15T12:00:00");
  });
});

describe("deletes", () => {
  it("accepts no body and a body that does not say false", () => {
    expect(() => readDeleted(undefined, at)).not.toThrow();
    expect(() => readDeleted({ deleted: true }, at)).not.toThrow();
    expect(() => readDeleted({ id: 1 }, at)).not.toThrow();
  });

  it("refuses a body saying the record was not deleted, and one that is not a delete body", () => {
    expect(failure(() => readDeleted({ deleted: false }, at)).message).toContain("was not deleted");
    expect(failure(() => readDeleted({ deleted: "no" }, at)).message).toContain("deleted (invalid_type)");
  });
});
