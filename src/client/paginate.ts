/**
 * Page iteration in the style of octokit's `paginate.iterator`: an async iterator of
 * pages that fetches the next page only when asked, and one of items on top of it.
 */
import { isDeepStrictEqual } from "node:util";
import type { Page } from "../schemas";
import { UptimePaginationError } from "./errors";

/** Fetches page `page` (from 1). */
type PageFetcher<T> = (page: number) => Promise<Page<T>>;

/** Upper bound on pages walked, a last resort behind the check that every page advances. */
const MAX_PAGES = 10_000;

/** The list a walk reads, for the error when a page does not advance. */
interface ListEndpoint {
  method: string;
  path: string;
}

/**
 * Yields pages from `firstPage` while the service says another follows. The next page
 * number is ours (page + 1), not the body's: some instances send no `current_page`.
 * Stops on an empty page too. A page that does not advance (the body reports the same
 * page number as the page before, or the same items) ends the walk with an
 * {@link UptimePaginationError} before any of its items are yielded: an instance that
 * ignores `?page` would otherwise repeat its first page until {@link MAX_PAGES}.
 */
export async function* iteratePages<T>(
  fetchPage: PageFetcher<T>,
  firstPage = 1,
  endpoint: ListEndpoint = { method: "GET", path: "(list)" },
): AsyncIterableIterator<Page<T>> {
  let previous: { page: number; result: Page<T> } | undefined;
  let itemsRead = 0;
  for (let page = firstPage; page < firstPage + MAX_PAGES; page++) {
    const result = await fetchPage(page);
    if (previous) checkAdvanced(endpoint, page, result, previous, itemsRead);
    yield result;
    itemsRead += result.data.length;
    if (!result.hasNext || result.data.length === 0) return;
    previous = { page, result };
  }
}

function checkAdvanced<T>(
  at: ListEndpoint,
  page: number,
  result: Page<T>,
  previous: { page: number; result: Page<T> },
  itemsRead: number,
): void {
  const samePage = result.reportedPage !== undefined && result.reportedPage === previous.result.reportedPage;
  const sameItems = result.data.length > 0 && isDeepStrictEqual(result.data, previous.result.data);
  if (!samePage && !sameItems) return;
  const how = samePage
    ? `came back as page ${result.reportedPage} again`
    : `came back with the same items as page ${previous.page}`;
  throw new UptimePaginationError(
    `${at.method} ${at.path}: page ${page} ${how}: this instance ignores the \`page\` parameter, so the list cannot be ` +
      `read past its first page (stopped after ${itemsRead} of ${result.total} items). Ask for a page size that holds the ` +
      "whole list (per_page up to 100), or have the service's operator fix its pagination.",
    {
      method: at.method,
      path: at.path,
      status: 200,
      page,
      reportedPage: result.reportedPage,
      repeatedPage: previous.page,
      itemsRead,
      total: result.total,
    },
  );
}

/** Yields every item of every page. */
export async function* iterateItems<T>(pages: AsyncIterable<Page<T>>): AsyncIterableIterator<T> {
  for await (const page of pages) yield* page.data;
}
