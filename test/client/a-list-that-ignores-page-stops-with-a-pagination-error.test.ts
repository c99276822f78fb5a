/**
 * An instance that ignores `?page` answers every page with the first one. Trusting its
 * counters made `all()` ask for up to 10,000 pages and yield the same items again and
 * again; now the walk stops at the first page that does not advance, with an
 * `UptimePaginationError` that says what happened and what to do. Served by a loopback
 * server that really ignores the parameter.
 */
import { describe, expect, it } from "vitest";
import { type UptimeClient, UptimePaginationError, UptimeResponseError } from "../../src/client";
import { monitorBody, type SeenRequest, type TinyServer } from "./helpers/tiny-server";
import { tinyServerAndClient } from "../support/tiny-server-and-client";

const FIRST_PAGE = Array.from({ length: 10 }, (_, i) => i + 1);

const tiny = tinyServerAndClient("pagination-test-key");
/** The server the test's client reads from: its requests are what some tests count. */
let server: TinyServer | undefined;

/** Twenty monitors in pages of `perPage`, whatever `?page` says; `counters` decides what the body claims. */
async function ignoringPage(counters: "first-page" | "none"): Promise<UptimeClient> {
  const started = await tiny.serve((req: SeenRequest) => {
    const perPage = Number(new URL(req.url, "http://x").searchParams.get("per_page"));
    const data = Array.from({ length: perPage }, (_, i) => monitorBody({ id: i + 1, name: `m${i + 1}` }));
    const meta = { current_page: 1, last_page: Math.ceil(20 / perPage), per_page: perPage, total: 20 };
    return {
      json:
        counters === "first-page" ? { data, meta } : { data, links: { next: `${server!.url}/api/v1/monitors?page=2` } },
    };
  });
  server = started.server;
  return started.client;
}

async function walk(c: UptimeClient): Promise<{ ids: number[]; error: unknown }> {
  const ids: number[] = [];
  try {
    for await (const m of c.monitors.all({ per_page: 10 })) ids.push(m.id);
    return { ids, error: undefined };
  } catch (error) {
    return { ids, error };
  }
}

describe("a list whose pages do not advance", () => {
  it("stops after the repeated page, yields no duplicate, and says the instance ignores ?page", async () => {
    const { ids, error } = await walk(await ignoringPage("first-page"));
    expect(ids).toEqual(FIRST_PAGE);
    expect(server!.requests).toHaveLength(2);
    expect(error).toBeInstanceOf(UptimePaginationError);
    expect(error).toBeInstanceOf(UptimeResponseError);
    const e = error as UptimePaginationError;
    expect(e).toMatchObject({
      method: "GET",
      path: "/api/v1/monitors",
      page: 2,
      reportedPage: 1,
      repeatedPage: 1,
      itemsRead: 10,
      total: 20,
      outcomeUnknown: false,
    });
    expect(e.message).toMatch(
      /^GET \/api\/v1\/monitors: page 2 came back as page 1 again: .*ignores the `page` parameter.*per_page/s,
    );
  });

  it("stops when the items repeat even if the body reports no page number", async () => {
    const { ids, error } = await walk(await ignoringPage("none"));
    expect(ids).toEqual(FIRST_PAGE);
    expect(server!.requests).toHaveLength(2);
    expect(error).toBeInstanceOf(UptimePaginationError);
    expect(error).toMatchObject({ page: 2, reportedPage: undefined, repeatedPage: 1, itemsRead: 10 });
    expect((error as Error).message).toMatch(/page 2 came back with the same items as page 1/);
  });

  it("pages() stops the same way", async () => {
    const c = await ignoringPage("first-page");
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const p of c.monitors.pages({ per_page: 10 })) seen.push(p.currentPage);
      })(),
    ).rejects.toBeInstanceOf(UptimePaginationError);
    expect(seen).toEqual([1]);
  });
});
