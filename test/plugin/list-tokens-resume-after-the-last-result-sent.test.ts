/**
 * The continuation of `List` (src/plugin/resource-list.ts) over a stand-in list of monitors
 * paged as the service pages them: a call larger than the service's largest page reads
 * several pages; a call resumes after the last result it sent, stepping back over pages
 * when more records were deleted than a page holds; a damaged token is refused.
 */
import { describe, expect, it } from "vitest";
import type { UptimeClient } from "../../src/client/client";
import { iteratePages } from "../../src/client/paginate";
import { listResources } from "../../src/plugin/resource-list";

/** A stand-in client whose monitor list pages `ids` (ascending) as the service does, counting page reads. */
function standIn(ids: number[]) {
  const reads: number[] = [];
  const pageOf = (page: number, perPage: number) => {
    reads.push(page);
    const data = ids.slice((page - 1) * perPage, page * perPage).map((id) => ({ id, name: `m${id}` }));
    const lastPage = Math.max(1, Math.ceil(ids.length / perPage));
    return { data, currentPage: page, reportedPage: page, lastPage, total: ids.length, hasNext: page < lastPage };
  };
  const client = {
    monitors: {
      pages: (q: { page: number; per_page: number }) =>
        iteratePages((p) => Promise.resolve(pageOf(p, q.per_page)), q.page),
    },
  } as unknown as UptimeClient;
  return { client, reads };
}

async function call(c: UptimeClient, pageSize: number, token = "", query: Record<string, unknown> = {}) {
  const ids: number[] = [];
  let continuation: string | undefined;
  for await (const item of listResources(() => c, {
    type: "uptime:index:Monitor",
    query,
    limit: 0,
    pageSize,
    continuationToken: token,
  })) {
    if ("result" in item) ids.push(Number(item.result.id));
    if ("continuation" in item) continuation = item.continuation;
  }
  return { ids, continuation };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("List's continuation", () => {
  it("reads as many of the service's pages as a large call needs", async () => {
    const { client, reads } = standIn(range(1, 230));
    const first = await call(client, 150);
    expect(first.ids).toEqual(range(1, 150));
    expect(reads).toEqual([1, 2]);
    const second = await call(client, 150, first.continuation);
    expect(second.ids).toEqual(range(151, 230));
    expect(second.continuation).toBeUndefined();
    expect(reads).toEqual([1, 2, 2, 3]);
  });

  it("steps back over pages whose records moved after deletions, and repeats nothing", async () => {
    const ids = range(1, 45);
    const { client, reads } = standIn(ids);
    const first = await call(client, 10);
    const second = await call(client, 10, first.continuation);
    expect([...first.ids, ...second.ids]).toEqual(range(1, 20));
    // 15 of those sent go: 21 to 35 move onto pages 1 and 2 (of 10), which the token is past.
    ids.splice(2, 15);
    reads.length = 0;
    const rest: number[] = [];
    let token = second.continuation;
    while (token) {
      const next = await call(client, 10, token);
      rest.push(...next.ids);
      token = next.continuation;
    }
    expect(rest).toEqual(range(21, 45));
    expect(reads.slice(0, 3)).toEqual([3, 2, 1]);
  });

  it("does not step back when the list has not shrunk", async () => {
    const { client, reads } = standIn(range(1, 30));
    const first = await call(client, 10);
    reads.length = 0;
    expect((await call(client, 10, first.continuation)).ids).toEqual(range(11, 20));
    expect(reads).toEqual([2]);
  });

  it("refuses a token whose page, size or key was changed", async () => {
    const { client, reads } = standIn(range(1, 30));
    const { continuation } = await call(client, 10);
    const body = JSON.parse(Buffer.from(continuation!, "base64url").toString()) as Record<string, unknown>;
    reads.length = 0;
    for (const change of [{ p: 0 }, { n: 7 }, { a: ["x"] }, { t: -1 }]) {
      const token = Buffer.from(JSON.stringify({ ...body, ...change })).toString("base64url");
      await expect(call(client, 10, token)).rejects.toThrow(/continuation token: damaged/);
    }
    expect(reads).toEqual([]);
  });
});
