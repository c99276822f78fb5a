/**
 * `List` (UNIMPLEMENTED before) refuses what it cannot list before any request, with
 * INVALID_ARGUMENT naming the input and the allowed names or values, as Check does; a
 * continuation token it did not issue for this query is refused the same way; a query that
 * holds an unknown value answers `computed`.
 */
import * as grpc from "@grpc/grpc-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNKNOWN } from "../../src/runtime/unknowns";
import { configuredPlugin } from "./helpers";

let env: Awaited<ReturnType<typeof configuredPlugin>>;
beforeAll(async () => {
  env = await configuredPlugin();
  for (let i = 0; i < 12; i++)
    await env.outside.monitors.create({ name: `bad ${i}`, url: `https://bad${i}.example.com`, interval: 60 });
});
afterAll(async () => {
  await env.close();
});

/** The error of a List call and how many requests reached the server meanwhile. */
async function refusal(type: "Monitor" | "Incident", query: Record<string, unknown>, token?: string) {
  const before = env.server.requests.length;
  const err = (await env.plugin.list(type, query, { token }).then(
    () => undefined,
    (e: unknown) => e,
  )) as grpc.ServiceError;
  return { code: err?.code, details: err?.details, requests: env.server.requests.length - before };
}

describe("List's refusals", () => {
  it("names a value out of the allowed ones, and the values", async () => {
    expect(await refusal("Monitor", { searchBy: "title" })).toEqual({
      code: grpc.status.INVALID_ARGUMENT,
      details: 'uptime:index:Monitor list: searchBy: "title" is not one of name, url',
      requests: 0,
    });
    const status = await refusal("Incident", { status: "open" });
    expect(status.details).toBe(
      'uptime:index:Incident list: status: "open" is not one of unresolved, acknowledged, resolved',
    );
    expect(status.requests).toBe(0);
  });

  it("names an input it does not take, and the ones it does", async () => {
    expect(await refusal("Monitor", { sortBy: "name", search: "bad" })).toEqual({
      code: grpc.status.INVALID_ARGUMENT,
      details:
        "uptime:index:Monitor list: sortBy: is not a list input of uptime:index:Monitor; allowed: search, searchBy, statusPageId",
      requests: 0,
    });
  });

  it("refuses a token it did not issue, or issued for another query", async () => {
    const first = await env.plugin.list("Monitor", { search: "bad" }, { pageSize: 10 });
    expect(first.continuation).toBeTruthy();
    const other = await refusal("Monitor", { search: "other" }, first.continuation);
    expect(other).toMatchObject({ code: grpc.status.INVALID_ARGUMENT, requests: 0 });
    expect(other.details).toContain("continuation token: issued for another resource type or query");
    const made = await refusal("Monitor", { search: "bad" }, Buffer.from('{"v":1}').toString("base64url"));
    expect(made.details).toContain("continuation token: issued for another resource type or query");
    expect(await refusal("Monitor", { search: "bad" }, "not a token")).toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      requests: 0,
    });
    const next = await env.plugin.list("Monitor", { search: "bad" }, { pageSize: 10, token: first.continuation });
    expect(next.results.map((r) => r.name)).toEqual(["bad 10", "bad 11"]);
  });

  it("answers computed for a query with an unknown value, and reads nothing", async () => {
    const before = env.server.requests.length;
    const got = await env.plugin.list("Monitor", { search: UNKNOWN });
    expect(got).toEqual({ results: [], continuation: undefined, computed: true });
    expect(env.server.requests.length).toBe(before);
  });
});
