/** The monitor list: search, filters, sorting, page size (with fallback) and pagination envelope. */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { api, createMonitor } from "../support/api";
import { startTestServer, type UptimeServer } from "../support/server";

let server: UptimeServer;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the API's JSON data, read freely
const created: any[] = [];
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((m) => m.name);

beforeAll(async () => {
  server = await startTestServer({ fallbackPerPage: 10 });
  // 30 monitors: "Site 01" .. "Site 30", every third on a different host.
  for (let i = 1; i <= 30; i++) {
    const n = String(i).padStart(2, "0");
    created.push(
      await createMonitor(server, {
        name: `Site ${n}`,
        url: i % 3 === 0 ? `https://shop.example.org/${n}` : `https://www.example.com/${n}`,
      }),
    );
  }
  created.push(await createMonitor(server, { name: "alpha lower", url: "https://alpha.example.net" }));
});
afterAll(() => server.close());

describe("defaults", () => {
  test("25 per page, newest (highest id) first", async () => {
    const res = await api(server, "GET", "/api/v1/monitors");
    expect(res.body.data).toHaveLength(25);
    const ids = res.body.data.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids[0]).toBe(created[created.length - 1].id);
    expect(res.body.meta).toMatchObject({ current_page: 1, from: 1, to: 25, last_page: 2, per_page: 25, total: 31 });
  });
});

describe("pagination", () => {
  test("page 2 holds the rest; meta and links point around it", async () => {
    const res = await api(server, "GET", "/api/v1/monitors?per_page=10&page=2");
    const base = `${server.url}/api/v1/monitors`;
    expect(res.body.data).toHaveLength(10);
    expect(res.body.meta).toEqual({
      current_page: 2,
      from: 11,
      to: 20,
      last_page: 4,
      per_page: 10,
      total: 31,
      path: base,
      links: [
        { url: `${base}?per_page=10&page=1`, label: "&laquo; Previous", active: false },
        { url: `${base}?per_page=10&page=1`, label: "1", active: false },
        { url: `${base}?per_page=10&page=2`, label: "2", active: true },
        { url: `${base}?per_page=10&page=3`, label: "3", active: false },
        { url: `${base}?per_page=10&page=4`, label: "4", active: false },
        { url: `${base}?per_page=10&page=3`, label: "Next &raquo;", active: false },
      ],
    });
    expect(res.body.links).toEqual({
      first: `${base}?per_page=10&page=1`,
      last: `${base}?per_page=10&page=4`,
      prev: `${base}?per_page=10&page=1`,
      next: `${base}?per_page=10&page=3`,
    });
  });

  test("the last page has no next link, the first no prev link", async () => {
    const last = await api(server, "GET", "/api/v1/monitors?per_page=10&page=4");
    expect(last.body.data).toHaveLength(1);
    expect(last.body.links.next).toBeNull();
    expect(last.body.meta).toMatchObject({ from: 31, to: 31 });
    const first = await api(server, "GET", "/api/v1/monitors?per_page=10");
    expect(first.body.links.prev).toBeNull();
  });

  test("a page past the end is empty with from/to null", async () => {
    const res = await api(server, "GET", "/api/v1/monitors?per_page=50&page=9");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta).toMatchObject({ current_page: 9, from: null, to: null, last_page: 1, total: 31 });
  });

  test("pages never overlap and together hold every monitor once", async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await api(server, "GET", `/api/v1/monitors?per_page=10&page=${page}&sort=asc`);
      seen.push(...res.body.data.map((m: { id: number }) => m.id));
    }
    expect(seen).toEqual(created.map((m) => m.id));
  });

  test.each(["0", "-1", "abc", "1.5"])("page=%s is read as page 1", async (page) => {
    const res = await api(server, "GET", `/api/v1/monitors?page=${page}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.current_page).toBe(1);
  });

  test.each([10, 25, 50, 100])("per_page=%i is honoured", async (perPage) => {
    const res = await api(server, "GET", `/api/v1/monitors?per_page=${perPage}`);
    expect(res.body.meta.per_page).toBe(perPage);
    expect(res.body.data).toHaveLength(Math.min(perPage, 31));
  });

  test.each(["5", "20", "1000", "abc", "0"])("per_page=%s falls back to the instance setting", async (perPage) => {
    const res = await api(server, "GET", `/api/v1/monitors?per_page=${perPage}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.per_page).toBe(10);
    expect(res.body.data).toHaveLength(10);
  });
});

describe("search", () => {
  test("by name (default), case-insensitive substring", async () => {
    const res = await api(server, "GET", "/api/v1/monitors?search=SITE%202&per_page=100");
    expect(names(res).sort()).toEqual([
      "Site 20",
      "Site 21",
      "Site 22",
      "Site 23",
      "Site 24",
      "Site 25",
      "Site 26",
      "Site 27",
      "Site 28",
      "Site 29",
    ]);
  });

  test("by url", async () => {
    const res = await api(server, "GET", "/api/v1/monitors?search=shop.example&search_by=url&per_page=100");
    expect(res.body.meta.total).toBe(10);
    for (const m of res.body.data) expect(m.url).toContain("shop.example.org");
  });

  test("search_by=name does not look at urls", async () => {
    const res = await api(server, "GET", "/api/v1/monitors?search=shop&search_by=name");
    expect(res.body.data).toEqual([]);
  });

  test("characters with a meaning in SQL LIKE are plain text", async () => {
    const res = await api(server, "GET", "/api/v1/monitors?search=%25");
    expect(res.body.data).toEqual([]);
    const underscore = await api(server, "GET", "/api/v1/monitors?search=_");
    expect(underscore.body.data).toEqual([]);
  });

  test("status_page_id is accepted; no monitor belongs to a status page here", async () => {
    const res = await api(server, "GET", "/api/v1/monitors?status_page_id=1");
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta.total).toBe(0);
  });
});

describe("sorting", () => {
  test("by name ascending and descending, ignoring case", async () => {
    const asc = await api(server, "GET", "/api/v1/monitors?sort_by=name&sort=asc&per_page=100");
    expect(names(asc)[0]).toBe("alpha lower");
    expect(names(asc).slice(1, 4)).toEqual(["Site 01", "Site 02", "Site 03"]);
    const desc = await api(server, "GET", "/api/v1/monitors?sort_by=name&sort=desc&per_page=100");
    expect(names(desc)).toEqual([...names(asc)].reverse());
  });

  test("by url", async () => {
    const res = await api(server, "GET", "/api/v1/monitors?sort_by=url&sort=asc&per_page=100");
    const urls = res.body.data.map((m: { url: string }) => m.url);
    expect(urls).toEqual([...urls].sort());
  });

  test("by id ascending", async () => {
    const res = await api(server, "GET", "/api/v1/monitors?sort_by=id&sort=asc&per_page=10");
    expect(res.body.data[0].id).toBe(created[0].id);
  });
});

describe("invalid values are 422", () => {
  test.each([
    ["sort_by=created", { sort_by: ["The selected sort by is invalid."] }],
    ["sort=up", { sort: ["The selected sort is invalid."] }],
    ["search_by=status", { search_by: ["The selected search by is invalid."] }],
    ["status_page_id=main", { status_page_id: ["The status page id must be an integer."] }],
    [
      "sort_by=x&sort=y&search_by=z",
      {
        search_by: ["The selected search by is invalid."],
        sort_by: ["The selected sort by is invalid."],
        sort: ["The selected sort is invalid."],
      },
    ],
  ])("%s", async (query, message) => {
    const res = await api(server, "GET", `/api/v1/monitors?${query}`);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message, status: 422 });
  });
});
