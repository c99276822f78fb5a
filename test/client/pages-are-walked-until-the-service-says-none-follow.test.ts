/**
 * The page walk on its own (no transport): which pages it asks for, when it stops, and
 * how it refuses an instance that ignores `?page` before yielding any repeated item.
 */
import { describe, expect, it } from "vitest";
import { iterateItems, iteratePages } from "../../src/client/paginate";
import { UptimePaginationError } from "../../src/client/errors";
import type { Page } from "../../src/schemas";

/** A page as the schema reads it. */
function page(data: number[], more: Partial<Page<number>> = {}): Page<number> {
  return { data, currentPage: 1, lastPage: 1, total: 10, hasNext: false, ...more } as Page<number>;
}

/** Fetches `pages[n - 1]` for page n, recording the numbers asked for. */
function fetcher(pages: Page<number>[]) {
  const asked: number[] = [];
  const fetch = (n: number) => {
    asked.push(n);
    return Promise.resolve(pages[n - 1]);
  };
  return { asked, fetch };
}

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

describe("the walk", () => {
  it("asks for the next page while the service says one follows, and for no more", async () => {
    const { asked, fetch } = fetcher([page([1, 2], { hasNext: true }), page([3, 4], { hasNext: true }), page([5])]);
    expect(await collect(iterateItems(iteratePages(fetch)))).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([1, 2, 3]);
  });

  it("starts at the page it is given", async () => {
    const pages = [page([1], { hasNext: true }), page([2], { hasNext: true }), page([3])];
    const { asked, fetch } = fetcher(pages);
    expect(await collect(iterateItems(iteratePages(fetch, 2)))).toEqual([2, 3]);
    expect(asked).toEqual([2, 3]);
  });

  it("stops at an empty page even when the service says another follows", async () => {
    const { asked, fetch } = fetcher([page([1], { hasNext: true }), page([], { hasNext: true }), page([9])]);
    expect(await collect(iterateItems(iteratePages(fetch)))).toEqual([1]);
    expect(asked).toEqual([1, 2]);
  });

  it("stops after 10,000 pages, a last resort behind the check that every page advances", async () => {
    let asked = 0;
    const fetch = (n: number) => (asked++, Promise.resolve(page([n], { hasNext: true })));
    for await (const p of iteratePages(fetch)) void p;
    expect(asked).toBe(10_000);
  });

  it("fetches a page only when the loop asks for it", async () => {
    const { asked, fetch } = fetcher([page([1], { hasNext: true }), page([2])]);
    const pages = iteratePages(fetch);
    await pages.next();
    expect(asked).toEqual([1]);
  });

  it("accepts pages that report no page number", async () => {
    const { fetch } = fetcher([page([1], { hasNext: true }), page([2], { hasNext: true }), page([3])]);
    expect(await collect(iterateItems(iteratePages(fetch)))).toEqual([1, 2, 3]);
  });

  it("accepts consecutive pages that report their own numbers", async () => {
    const pages = [page([1], { hasNext: true, reportedPage: 1 }), page([2], { reportedPage: 2 })];
    const { fetch } = fetcher(pages);
    expect(await collect(iterateItems(iteratePages(fetch)))).toEqual([1, 2]);
  });
});

describe("an instance that ignores ?page", () => {
  const endpoint = { method: "GET", path: "/api/v1/monitors" };

  it("is refused when a page reports the previous page's number, before its items are yielded", async () => {
    const first = page([1, 2], { hasNext: true, reportedPage: 1, total: 6 });
    const { fetch } = fetcher([first, page([3, 4], { hasNext: true, reportedPage: 1, total: 6 })]);
    const seen: number[] = [];
    let error: unknown;
    try {
      for await (const x of iterateItems(iteratePages(fetch, 1, endpoint))) seen.push(x);
    } catch (err) {
      error = err;
    }
    expect(seen).toEqual([1, 2]);
    expect(error).toBeInstanceOf(UptimePaginationError);
    expect(error).toMatchObject({
      method: "GET",
      path: "/api/v1/monitors",
      status: 200,
      page: 2,
      reportedPage: 1,
      repeatedPage: 1,
      itemsRead: 2,
      total: 6,
    });
    expect((error as Error).message).toBe(
      "GET /api/v1/monitors: page 2 came back as page 1 again: this instance ignores the `page` parameter, so the " +
        "list cannot be read past its first page (stopped after 2 of 6 items). Ask for a page size that holds the " +
        "whole list (per_page up to 100), or have the service's operator fix its pagination.",
    );
  });

  it("is refused when a page repeats the previous page's items, reporting no number", async () => {
    const { fetch } = fetcher([page([1, 2], { hasNext: true }), page([1, 2], { hasNext: true })]);
    const error = await collect(iteratePages(fetch, 1, endpoint)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UptimePaginationError);
    expect((error as Error).message).toContain("page 2 came back with the same items as page 1:");
    expect(error).toMatchObject({ reportedPage: undefined, repeatedPage: 1, itemsRead: 2 });
  });

  it("names the list it walked by default as a GET of (list)", async () => {
    const { fetch } = fetcher([page([1], { hasNext: true }), page([1], { hasNext: true })]);
    const error = await collect(iteratePages(fetch)).catch((e: unknown) => e);
    expect((error as Error).message.startsWith("GET (list): page 2 ")).toBe(true);
  });

  it("counts the items read over every page before the repeat", async () => {
    const pages = [
      page([1, 2], { hasNext: true, reportedPage: 1 }),
      page([3], { hasNext: true, reportedPage: 2 }),
      page([4], { hasNext: true, reportedPage: 2 }),
    ];
    const { fetch } = fetcher(pages);
    const error = await collect(iteratePages(fetch, 1, endpoint)).catch((e: unknown) => e);
    expect(error).toMatchObject({ page: 3, repeatedPage: 2, itemsRead: 3 });
  });
});
