/**
 * The selection's pages are read side by side only while the answers follow the page
 * numbers asked for: an instance that ignores `?page` (a loopback stand-in that answers
 * every page with the first) falls back to the client's page-by-page walk, which stops with
 * its pagination error instead of selecting the same monitors twice.
 */
import { expect, it } from "vitest";
import { type UptimeClient, UptimePaginationError } from "../../src/client";
import { selectMonitors } from "../../src/maintenance/select";
import { monitorBody } from "../client/helpers/tiny-server";
import { tinyServerAndClient } from "../support/tiny-server-and-client";

const tiny = tinyServerAndClient("list-test-key");

async function serving(honoursPage: boolean): Promise<UptimeClient> {
  const { client } = await tiny.serve((req) => {
    const params = new URL(req.url, "http://x").searchParams;
    const page = honoursPage ? Number(params.get("page") ?? 1) : 1;
    const data = Array.from({ length: 10 }, (_, i) => monitorBody({ id: (page - 1) * 10 + i + 1, name: `m${i}` }));
    return { json: { data, meta: { current_page: page, last_page: 3, per_page: 10, total: 30 } } };
  });
  return client;
}

it("reads every page of an instance that follows the page numbers, each monitor once", async () => {
  const { monitors } = await selectMonitors(await serving(true), {});
  expect(monitors.map((m) => m.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
});

it("an instance that ignores ?page ends in the walk's pagination error, not in duplicates", async () => {
  await expect(selectMonitors(await serving(false), {})).rejects.toBeInstanceOf(UptimePaginationError);
});
