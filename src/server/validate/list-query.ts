/**
 * Query parameters of the two list endpoints. Bad filter values are a 422 as on the
 * service; `page` and `per_page` never fail (Laravel's paginator falls back instead).
 */
import {
  INCIDENT_SEARCH_BY_SERVICE,
  INCIDENT_SORT_BY,
  INCIDENT_STATUSES,
  MONITOR_SEARCH_BY,
  MONITOR_SORT_BY,
  DEFAULT_PER_PAGE,
  PER_PAGE_VALUES,
  SORT_ORDERS,
} from "../../schemas/values";
import type { FieldErrors } from "../respond";
import type { IncidentListQuery, MonitorListQuery } from "../store";
import { messages } from "./messages";
import { ErrorBag, checkIn, toInteger } from "./rules";

/** Page number and size. */
export interface Paging {
  page: number;
  perPage: number;
}

/** A valid list query; or the 422 messages. */
type ListQueryValidation<Q> = { ok: true; query: Q; paging: Paging } | { ok: false; errors: FieldErrors };

/** The last value of a parameter, with "" read as absent (ConvertEmptyStringsToNull). */
function param(params: URLSearchParams, name: string): string | undefined {
  const all = params.getAll(name);
  const v = all[all.length - 1];
  return v === undefined || v === "" ? undefined : v;
}

/**
 * `page` (default 1) and `per_page`: absent is the contract's default 25; a value other
 * than 10/25/50/100 falls back to `fallbackPerPage`, an instance setting on the service.
 */
function paging(params: URLSearchParams, fallbackPerPage: number): Paging {
  const page = toInteger(param(params, "page"));
  const given = param(params, "per_page");
  const perPage = toInteger(given);
  return {
    page: page !== undefined && page >= 1 ? page : 1,
    perPage:
      given === undefined
        ? DEFAULT_PER_PAGE
        : perPage !== undefined && (PER_PAGE_VALUES as readonly number[]).includes(perPage)
          ? perPage
          : fallbackPerPage,
  };
}

function optionalIn<T extends string>(
  bag: ErrorBag,
  params: URLSearchParams,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const v = param(params, name);
  if (v === undefined) return fallback;
  return checkIn(bag, name, v, allowed) ?? fallback;
}

/** Validates the monitor list query. */
export function validateMonitorList(
  params: URLSearchParams,
  fallbackPerPage: number,
): ListQueryValidation<MonitorListQuery> & { statusPageId?: number } {
  const bag = new ErrorBag();
  const searchBy = optionalIn(bag, params, "search_by", MONITOR_SEARCH_BY, "name");
  const sortBy = optionalIn(bag, params, "sort_by", MONITOR_SORT_BY, "id");
  const sort = optionalIn(bag, params, "sort", SORT_ORDERS, "desc");
  let statusPageId: number | undefined;
  const sp = param(params, "status_page_id");
  if (sp !== undefined) {
    statusPageId = toInteger(sp);
    if (statusPageId === undefined) bag.add("status_page_id", messages.integer("status_page_id"));
  }
  if (!bag.empty) return { ok: false, errors: bag.errors };
  const p = paging(params, fallbackPerPage);
  return {
    ok: true,
    statusPageId,
    paging: p,
    query: {
      search: param(params, "search"),
      searchBy,
      sortBy,
      sort,
      limit: p.perPage,
      offset: (p.page - 1) * p.perPage,
    },
  };
}

/** Validates the incident list query. */
export function validateIncidentList(
  params: URLSearchParams,
  fallbackPerPage: number,
): ListQueryValidation<IncidentListQuery> {
  const bag = new ErrorBag();
  const searchBy = optionalIn(bag, params, "search_by", INCIDENT_SEARCH_BY_SERVICE, "monitor");
  const sortBy = optionalIn(bag, params, "sort_by", INCIDENT_SORT_BY, "ended_at");
  const sort = optionalIn(bag, params, "sort", SORT_ORDERS, "desc");
  const statusParam = param(params, "status");
  const status = statusParam === undefined ? undefined : checkIn(bag, "status", statusParam, INCIDENT_STATUSES);
  let monitorId: number | undefined;
  const mp = param(params, "monitor_id");
  if (mp !== undefined) {
    monitorId = toInteger(mp);
    if (monitorId === undefined) bag.add("monitor_id", messages.integer("monitor_id"));
    // Ids are 32-bit; a larger number matches nothing rather than overflowing the query.
    else if (monitorId < 1 || monitorId > 2_147_483_647) monitorId = 0;
  }
  if (!bag.empty) return { ok: false, errors: bag.errors };
  const p = paging(params, fallbackPerPage);
  return {
    ok: true,
    paging: p,
    query: {
      search: param(params, "search"),
      searchBy,
      monitorId,
      status,
      sortBy,
      sort,
      limit: p.perPage,
      offset: (p.page - 1) * p.perPage,
    },
  };
}
