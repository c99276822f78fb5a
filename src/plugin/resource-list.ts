/**
 * The provider's `List`: the monitors or incidents matching the schema's `listInputs`,
 * streamed a page at a time with a continuation token.
 *
 * Order: monitors by ascending id (the list's `sort_by=id`, which is the service's own
 * order, so a monitor created while a caller pages lands after what it has seen).
 * Incidents cannot be listed by id (the service sorts them by `started_at` or `ended_at`
 * only): they come by ascending `started_at`, which is set on store and never changes, and
 * by id among equal start times within a page. The service does not say how it orders
 * incidents that started at the same instant across a page boundary; the local server
 * orders them by id.
 *
 * A call returns at most `page_size` results (100 when unset, fewer under `limit`), reading
 * the service's pages through the provider's client, paced like every other read. The token
 * names the service's page the next call starts on, the sort key of the last result sent and
 * the list's size then: the next call skips what was sent, so nothing repeats, and steps back
 * a page while the list has shrunk and its page starts past that key, so records that moved
 * onto pages already read after a deletion are not missed. It is opaque to the caller
 * (base64url of JSON), bound to the resource type and query it was issued for by a digest,
 * and checked before any request.
 */
import { createHash } from "node:crypto";
import type { z } from "zod";
import type { UptimeClient } from "../client/client";
import type { Incident, Monitor, Page } from "../schemas";
import { incidentListInputsSchema, monitorListInputsSchema, PER_PAGE_VALUES } from "../schemas";
import { containsUnknown } from "../runtime/unknowns";
import { isLocalDateTime, localDateTimeToEpoch } from "../util/time";
import { parseArgs } from "./functions";
import { tokenOf } from "./package-info";
import type { Bag } from "./wire";

/** A page size the service takes. */
type PerPage = (typeof PER_PAGE_VALUES)[number];

/** A record's place in the list's order: compared element by element. */
type SortKey = number[];

/** One kind of resource as `List` reads it. */
interface Lister<T> {
  /** The `listInputs`, in wire names. */
  inputs: z.ZodObject;
  /** The service's pages from `page` on, in the list's order (`query` in wire names). */
  pages(c: UptimeClient, query: Bag, page: number, perPage: number): AsyncIterable<Page<T>>;
  key(item: T): SortKey;
  id(item: T): number;
  /** The name a List result carries ("" when the record has none). */
  name(item: T): string;
}

const monitors: Lister<Monitor> = {
  inputs: monitorListInputsSchema,
  pages: (c, query, page, perPage) =>
    c.monitors.pages({ ...query, sort_by: "id", sort: "asc", page, per_page: perPage as PerPage }),
  key: (m) => [m.id],
  id: (m) => m.id,
  name: (m) => m.name,
};

/** An incident's start as an instant (local date-times are in one zone: UTC keeps their order). */
function startOf(i: Incident): number {
  return isLocalDateTime(i.started_at) ? localDateTimeToEpoch(i.started_at) : Date.parse(i.started_at);
}

const incidents: Lister<Incident> = {
  inputs: incidentListInputsSchema,
  pages: (c, query, page, perPage) =>
    c.incidents.pages({ ...query, sort_by: "started_at", sort: "asc", page, per_page: perPage as PerPage }),
  key: (i) => [startOf(i), i.id],
  id: (i) => i.id,
  name: () => "",
};

const LISTERS: Record<string, Lister<never>> = {
  [tokenOf("Monitor")]: monitors as Lister<never>,
  [tokenOf("Incident")]: incidents as Lister<never>,
};

/** Results of one call when the caller asks for no page size: the service's largest page. */
const DEFAULT_CALL_SIZE = 100;

/** A list input or token the provider refuses, before any request; the message names what is wrong. */
export class ListInputError extends Error {}

/** What a call streams: results, then a continuation when more follow; or `computed` alone. */
export type ListItem = { result: { id: string; name: string } } | { continuation: string } | { computed: true };

/** What a `List` call asks. */
interface ListCall {
  type: string;
  query: Bag;
  /** At most this many results; 0 or less: no limit. */
  limit: number;
  /** At most this many results in this call; 0 or less: the provider's choice. */
  pageSize: number;
  continuationToken: string;
}

/**
 * Where a call resumes: the service's page, its page size, the key of the last result sent
 * and how many records the list held when it was sent.
 */
interface Cursor {
  page: number;
  perPage: number;
  after?: SortKey;
  total?: number;
}

const TOKEN_VERSION = 1;

/** A short digest of the type and the query's filters, which a token carries to be checked against. */
function fingerprint(type: string, wire: Bag): string {
  const sorted = Object.keys(wire)
    .sort()
    .map((k) => [k, wire[k]]);
  return createHash("sha256")
    .update(JSON.stringify([type, sorted]))
    .digest("base64url")
    .slice(0, 16);
}

function encodeToken(fp: string, at: Cursor): string {
  const body = { v: TOKEN_VERSION, f: fp, p: at.page, n: at.perPage, a: at.after, t: at.total };
  return Buffer.from(JSON.stringify(body)).toString("base64url");
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

function decodeToken(token: string, fp: string): Cursor {
  const refuse = (why: string) =>
    new ListInputError(
      `continuation token: ${why}; pass back the token of the previous call unchanged, with the same resource type and query`,
    );
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(Buffer.from(token, "base64url").toString("utf8")) as Record<string, unknown>;
  } catch {
    throw refuse("not one this provider issued");
  }
  if (!body || typeof body !== "object" || body.v !== TOKEN_VERSION) throw refuse("not one this provider issued");
  if (body.f !== fp) throw refuse("issued for another resource type or query");
  const { p, n, a, t } = body;
  const keyOk = Array.isArray(a) && a.length > 0 && a.every((x) => Number.isFinite(x));
  if (!isCount(p) || p < 1 || !(PER_PAGE_VALUES as readonly unknown[]).includes(n) || !keyOk || !isCount(t))
    throw refuse("damaged");
  return { page: p, perPage: n as number, after: a as SortKey, total: t };
}

function compareKeys(a: SortKey, b: SortKey): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The service's page size for a call of `size` results: the smallest that holds them, at most 100. */
function perPageFor(size: number): number {
  return PER_PAGE_VALUES.find((v) => v >= size) ?? PER_PAGE_VALUES[PER_PAGE_VALUES.length - 1];
}

/**
 * The checked query (wire names) and the lister of a call. Throws a {@link ListInputError}
 * naming each bad input and the allowed names or values, or an unknown type.
 */
function prepare(call: ListCall): { lister: Lister<never>; wire: Bag } {
  const lister = LISTERS[call.type];
  if (!lister)
    throw new ListInputError(
      `the uptime provider cannot list ${call.type || "(no type)"}; it lists ${Object.keys(LISTERS).join(", ")}`,
    );
  const { failures, wire } = parseArgs(lister.inputs, call.query, `a list input of ${call.type}`);
  if (failures.length) throw new ListInputError(`${call.type} list: ${failures.map((f) => f.reason).join("; ")}`);
  return { lister, wire };
}

/**
 * The pages a call reads, each with its number, from where `at` says. A resumed call checks
 * its first page: when the list has shrunk since the token was issued and that page starts
 * past the last result sent, records before it were deleted and later ones moved onto pages
 * already read, so it starts a page earlier (skipping what was sent) until it finds its place.
 */
async function* pagesFrom<T>(
  lister: Lister<T>,
  c: UptimeClient,
  wire: Bag,
  at: Cursor,
): AsyncGenerator<{ number: number; got: Page<T> }> {
  let from = at.page;
  for (;;) {
    let number = from;
    let moved = false;
    for await (const got of lister.pages(c, wire, from, at.perPage)) {
      if (number === from && from > 1 && movedPast(lister, got, at)) {
        moved = true;
        break;
      }
      yield { number, got };
      number++;
    }
    if (!moved) return;
    from--;
  }
}

/** True when `got` starts past the last result sent and the list has fewer records than then. */
function movedPast<T>(lister: Lister<T>, got: Page<T>, at: Cursor): boolean {
  if (!at.after || at.total === undefined || got.total >= at.total) return false;
  return got.data.every((item) => compareKeys(lister.key(item), at.after!) > 0);
}

/**
 * One `List` call: its results in order, then a continuation token when more follow. Bad
 * inputs and tokens throw before any request; a query holding unknowns yields `computed`.
 */
export async function* listResources(c: () => UptimeClient, call: ListCall): AsyncGenerator<ListItem> {
  if (containsUnknown(call.query)) {
    yield { computed: true };
    return;
  }
  const { lister, wire } = prepare(call);
  const fp = fingerprint(call.type, wire);
  const size = Math.min(
    call.pageSize > 0 ? call.pageSize : DEFAULT_CALL_SIZE,
    call.limit > 0 ? call.limit : Number.MAX_SAFE_INTEGER,
  );
  const start: Cursor = call.continuationToken
    ? decodeToken(call.continuationToken, fp)
    : { page: 1, perPage: perPageFor(size) };
  let after = start.after;
  let sent = 0;
  const resume = (page: number, total: number): ListItem => ({
    continuation: encodeToken(fp, { page, perPage: start.perPage, after, total }),
  });
  for await (const { number, got } of pagesFrom(lister, c(), wire, start)) {
    const fresh = got.data
      .map((item) => ({ item, key: lister.key(item) }))
      .filter((x) => !after || compareKeys(x.key, after) > 0)
      .sort((x, y) => compareKeys(x.key, y.key));
    for (const { item, key } of fresh) {
      if (sent === size) {
        yield resume(number, got.total);
        return;
      }
      yield { result: { id: String(lister.id(item)), name: lister.name(item) } };
      sent++;
      after = key;
    }
    if (!got.hasNext || got.data.length === 0) return;
    if (sent === size) {
      yield resume(number + 1, got.total);
      return;
    }
  }
}
