/**
 * Page iteration in the style of octokit's `paginate.iterator`: an async iterator of
 * pages that fetches the next page only when asked, and one of items on top of it.
 */
import type { Page } from "../schemas";

/** Fetches page `page` (from 1). */
export type PageFetcher<T> = (page: number) => Promise<Page<T>>;

/** Upper bound on pages walked, so that an instance that ignores `page` cannot loop forever. */
export const MAX_PAGES = 10_000;

/**
 * Yields pages from `firstPage` while the service says another follows. The next page
 * number is ours (page + 1), not the body's: some instances send no `current_page`.
 * Stops on an empty page too.
 */
export async function* iteratePages<T>(fetchPage: PageFetcher<T>, firstPage = 1): AsyncIterableIterator<Page<T>> {
  for (let page = firstPage; page < firstPage + MAX_PAGES; page++) {
    const result = await fetchPage(page);
    yield result;
    if (!result.hasNext || result.data.length === 0) return;
  }
}

/** Yields every item of every page. */
export async function* iterateItems<T>(pages: AsyncIterable<Page<T>>): AsyncIterableIterator<T> {
  for await (const page of pages) yield* page.data;
}
