/**
 * The list envelope of Laravel's paginated API resources: `data`, `links` and `meta`,
 * including the numbered `meta.links` with "..." gaps as Laravel's UrlWindow builds them.
 */
import type { Paging } from "./validate/list-query";

/** One entry of `meta.links`. */
interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

/**
 * Builds the list body. `path` is the endpoint URL without query; other query
 * parameters are kept in the links (Laravel's withQueryString) so following `next`
 * keeps filters and page size.
 */
export function pageEnvelope(
  data: unknown[],
  total: number,
  paging: Paging,
  path: string,
  query: URLSearchParams,
): Record<string, unknown> {
  const { page, perPage } = paging;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (n: number) => {
    const q = new URLSearchParams(query);
    q.delete("page");
    q.set("page", String(n));
    return `${path}?${q.toString()}`;
  };
  const from = data.length > 0 ? (page - 1) * perPage + 1 : null;
  const to = data.length > 0 ? (page - 1) * perPage + data.length : null;
  const links: PageLink[] = [{ url: page > 1 ? url(page - 1) : null, label: "&laquo; Previous", active: false }];
  for (const n of window(page, lastPage)) {
    links.push(
      n === "..." ? { url: null, label: "...", active: false } : { url: url(n), label: String(n), active: n === page },
    );
  }
  links.push({ url: page < lastPage ? url(page + 1) : null, label: "Next &raquo;", active: false });
  return {
    data,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: page > 1 ? url(page - 1) : null,
      next: page < lastPage ? url(page + 1) : null,
    },
    meta: { current_page: page, from, last_page: lastPage, links, path, per_page: perPage, to, total },
    status: 200,
  };
}

/**
 * Page numbers to show, Laravel's UrlWindow with onEachSide = 3.
 */
function window(page: number, lastPage: number): (number | "...")[] {
  const range = (a: number, b: number) => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
  const onEachSide = 3;
  const size = onEachSide * 2;
  if (lastPage < size + 6) return range(1, lastPage);
  if (page <= size) return [...range(1, size + 2), "...", ...range(lastPage - 1, lastPage)];
  if (page > lastPage - size) return [...range(1, 2), "...", ...range(lastPage - (size + 2), lastPage)];
  return [
    ...range(1, 2),
    "...",
    ...range(page - onEachSide, page + onEachSide),
    "...",
    ...range(lastPage - 1, lastPage),
  ];
}
