/** meta.links numbers pages like Laravel's UrlWindow: all of them when few, "..." gaps when many. */
import { expect, test } from "vitest";
import { pageEnvelope } from "../../src/server/pagination";

test.each([
  [1, 1, [1]],
  [3, 11, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
  [1, 20, [1, 2, 3, 4, 5, 6, 7, 8, "...", 19, 20]],
  [6, 20, [1, 2, 3, 4, 5, 6, 7, 8, "...", 19, 20]],
  [10, 20, [1, 2, "...", 7, 8, 9, 10, 11, 12, 13, "...", 19, 20]],
  [15, 20, [1, 2, "...", 12, 13, 14, 15, 16, 17, 18, 19, 20]],
  [20, 20, [1, 2, "...", 12, 13, 14, 15, 16, 17, 18, 19, 20]],
])("page %i of %i", (page, last, expected) => {
  // One monitor a page, `last` in all: the numbered links between Previous and Next.
  const body = pageEnvelope([{}], last, { page, perPage: 1 }, "http://h/x", new URLSearchParams()) as {
    meta: { links: { url: string | null; label: string; active: boolean }[] };
  };
  const numbered = body.meta.links.slice(1, -1);
  expect(numbered.map((l) => (l.label === "..." ? "..." : Number(l.label)))).toEqual(expected);
  expect(numbered.filter((l) => l.active).map((l) => l.label)).toEqual([String(page)]);
  for (const l of numbered) expect(l.url).toBe(l.label === "..." ? null : `http://h/x?page=${l.label}`);
});

test("an empty list has one page and null from/to", () => {
  const body = pageEnvelope([], 0, { page: 1, perPage: 25 }, "http://h/api/v1/monitors", new URLSearchParams());
  expect(body).toEqual({
    data: [],
    links: {
      first: "http://h/api/v1/monitors?page=1",
      last: "http://h/api/v1/monitors?page=1",
      prev: null,
      next: null,
    },
    meta: {
      current_page: 1,
      from: null,
      last_page: 1,
      path: "http://h/api/v1/monitors",
      per_page: 25,
      to: null,
      total: 0,
      links: [
        { url: null, label: "&laquo; Previous", active: false },
        { url: "http://h/api/v1/monitors?page=1", label: "1", active: true },
        { url: null, label: "Next &raquo;", active: false },
      ],
    },
    status: 200,
  });
});

test("links keep the other query parameters and replace page", () => {
  const body = pageEnvelope(
    [{}],
    30,
    { page: 2, perPage: 10 },
    "http://h/x",
    new URLSearchParams("search=a%20b&page=2&per_page=10"),
  ) as {
    links: Record<string, string>;
  };
  expect(body.links.next).toBe("http://h/x?search=a+b&per_page=10&page=3");
});
