/**
 * The provider's `List` of monitors (what `pulumi do uptime:index:Monitor list` calls): the
 * monitors the service's own search returns, no more and no fewer, in ascending id order,
 * a page at a time with continuation tokens that resume where the last call stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configuredPlugin } from "./helpers";

let env: Awaited<ReturnType<typeof configuredPlugin>>;
beforeAll(async () => {
  env = await configuredPlugin();
  for (let i = 0; i < 23; i++) {
    const site = i % 2 ? "odd" : "even";
    await env.outside.monitors.create({ name: `listed ${i}`, url: `https://${site}.example.com/${i}`, interval: 60 });
    if (i % 5 === 0)
      await env.outside.monitors.create({ name: `other ${i}`, url: `https://other.example.com/${i}`, interval: 60 });
  }
});
afterAll(async () => {
  await env.close();
});

/** What the service's own search returns, every page read, in ascending id order. */
async function searched(search: string, search_by?: "name" | "url"): Promise<string[]> {
  const ids: number[] = [];
  for await (const m of env.outside.monitors.all({ search, ...(search_by ? { search_by } : {}) })) ids.push(m.id);
  return ids.sort((a, b) => a - b).map(String);
}

/** Every result of List with `query`, following continuation tokens; each call's size too. */
async function listAll(query: Record<string, unknown>, pageSize: number) {
  const ids: string[] = [];
  const sizes: number[] = [];
  let token: string | undefined;
  do {
    const got = await env.plugin.list("Monitor", query, { pageSize, token });
    ids.push(...got.results.map((r) => r.id));
    sizes.push(got.results.length);
    token = got.continuation;
  } while (token);
  return { ids, sizes };
}

describe("List of monitors", () => {
  it("pages by ten through what the search finds, in id order, with the service's names", async () => {
    const expected = await searched("listed");
    expect(expected).toHaveLength(23);
    const { ids, sizes } = await listAll({ search: "listed" }, 10);
    expect(sizes).toEqual([10, 10, 3]);
    expect(ids).toEqual(expected);
    const first = await env.plugin.list("Monitor", { search: "listed" }, { pageSize: 10 });
    expect(first.results[0]).toEqual({ id: expected[0], name: "listed 0" });
  });

  it("searches the field searchBy names", async () => {
    const expected = await searched("odd", "url");
    expect(expected).toHaveLength(11);
    expect((await listAll({ search: "odd", searchBy: "url" }, 10)).ids).toEqual(expected);
  });

  it("gives a page size the service has no page for, and a limit, exactly", async () => {
    const expected = await searched("listed");
    const { ids, sizes } = await listAll({ search: "listed" }, 7);
    expect(sizes).toEqual([7, 7, 7, 2]);
    expect(ids).toEqual(expected);
    const limited = await env.plugin.list("Monitor", { search: "listed" }, { limit: 4 });
    expect(limited.results.map((r) => r.id)).toEqual(expected.slice(0, 4));
    expect(limited.continuation).toBeTruthy();
  });

  it("answers in one call without a page size, with no continuation after the last", async () => {
    const all = await env.plugin.list("Monitor", {});
    expect(all.results.map((r) => r.id)).toEqual(await searched(""));
    expect(all.continuation).toBeUndefined();
  });

  it("resumes after the last result even when a monitor it listed is deleted in between", async () => {
    const before = await searched("listed");
    const first = await env.plugin.list("Monitor", { search: "listed" }, { pageSize: 10 });
    await env.outside.monitors.delete(Number(first.results[2].id));
    const rest: string[] = [];
    let token = first.continuation;
    while (token) {
      const got = await env.plugin.list("Monitor", { search: "listed" }, { pageSize: 10, token });
      rest.push(...got.results.map((r) => r.id));
      token = got.continuation;
    }
    expect([...first.results.map((r) => r.id), ...rest]).toEqual(before);
  });
});
