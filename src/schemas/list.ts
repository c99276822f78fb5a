/**
 * List query parameters exactly as the contract lists them, and the page envelope as
 * instances return it.
 */
import { z } from "zod";
import {
  INCIDENT_SEARCH_BY,
  INCIDENT_SORT_BY,
  INCIDENT_STATUSES,
  MONITOR_SEARCH_BY,
  MONITOR_SORT_BY,
  PER_PAGE_VALUES,
  SORT_ORDERS,
} from "./values";
import { looseInt, numberOneOf, stringOneOf, tolerantList } from "./common";

/** Query of `GET /api/v1/monitors`. */
export const monitorListQuerySchema = z.object({
  search: z.string().optional().describe("Substring to look for."),
  search_by: stringOneOf(MONITOR_SEARCH_BY).optional().describe("Field searched; default name."),
  status_page_id: z.number().int().positive().optional().describe("Only monitors on this status page."),
  sort_by: stringOneOf(MONITOR_SORT_BY).optional().describe("Sort field; id is date created. Default id."),
  sort: stringOneOf(SORT_ORDERS).optional().describe("Sort direction; default desc."),
  per_page: numberOneOf(PER_PAGE_VALUES).optional().describe("Page size; default 25."),
  page: z.number().int().positive().optional().describe("Page number, from 1."),
});

/** Query of `GET /api/v1/incidents`. */
export const incidentListQuerySchema = z.object({
  search: z.string().optional().describe("Substring to look for."),
  search_by: stringOneOf(INCIDENT_SEARCH_BY).optional().describe("Field searched: monitor (its name) or cause."),
  monitor_id: z
    .union([z.number().int().positive(), z.string().regex(/^\d+$/)])
    .optional()
    .describe("Only incidents of this monitor."),
  status: stringOneOf(INCIDENT_STATUSES).optional().describe("Only incidents in this state."),
  sort_by: stringOneOf(INCIDENT_SORT_BY)
    .optional()
    .describe("Sort field; default ended_at, unended first when descending."),
  sort: stringOneOf(SORT_ORDERS).optional().describe("Sort direction; default desc."),
  per_page: numberOneOf(PER_PAGE_VALUES).optional().describe("Page size; default 25."),
  page: z.number().int().positive().optional().describe("Page number, from 1."),
});

/**
 * What a provider's `List` of monitors takes (the package schema's `listInputs`): the list's
 * filters. Paging and order are the provider's: ascending id, the continuation token says
 * where the next call resumes.
 */
export const monitorListInputsSchema = monitorListQuerySchema.pick({
  search: true,
  search_by: true,
  status_page_id: true,
});

/** What a provider's `List` of incidents takes: the incident list's filters, without paging or order. */
export const incidentListInputsSchema = incidentListQuerySchema.pick({
  monitor_id: true,
  status: true,
  search: true,
  search_by: true,
});

/** Filters of the monitor list. */
export type MonitorListQuery = z.input<typeof monitorListQuerySchema>;
/** Filters of the incident list. */
export type IncidentListQuery = z.input<typeof incidentListQuerySchema>;

const pageMeta = z.looseObject({
  current_page: looseInt.optional(),
  last_page: looseInt.optional(),
  per_page: looseInt.optional(),
  total: looseInt.optional(),
  from: looseInt.nullish(),
  to: looseInt.nullish(),
});

/**
 * A page of a list. Laravel's resource envelope puts the counters under `meta`; a plain
 * paginator puts them beside `data`. Both are read.
 */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z
    .looseObject({
      data: tolerantList(item),
      meta: pageMeta.optional(),
      links: z.looseObject({ next: z.string().nullish() }).optional(),
      current_page: looseInt.optional(),
      last_page: looseInt.optional(),
      per_page: looseInt.optional(),
      total: looseInt.optional(),
      next_page_url: z.string().nullish(),
    })
    .transform((p) => {
      const meta = p.meta ?? {};
      const reportedPage = meta.current_page ?? p.current_page;
      const currentPage = reportedPage ?? 1;
      const lastPage = meta.last_page ?? p.last_page;
      const next = p.links?.next ?? p.next_page_url ?? null;
      return {
        data: p.data as z.infer<T>[],
        currentPage,
        reportedPage,
        lastPage: lastPage ?? currentPage,
        perPage: meta.per_page ?? p.per_page,
        total: meta.total ?? p.total ?? p.data.length,
        hasNext: lastPage !== undefined ? currentPage < lastPage : !!next,
      };
    });
}

/** A parsed page: the items and where the list stands. */
export interface Page<T> {
  /** Items of this page. */
  data: T[];
  /** This page's number, from 1 (1 when the body does not say). */
  currentPage: number;
  /** The page number the body reported, when it reported one. */
  reportedPage?: number;
  /** The last page's number. */
  lastPage: number;
  /** Page size the service used. */
  perPage?: number;
  /** Items in the whole list. */
  total: number;
  /** Whether another page follows. */
  hasNext: boolean;
}

/** Body of a delete: `{ id, object, deleted: true }`. */
export const deleteResponseSchema = z.looseObject({
  id: looseInt.optional(),
  object: z.string().optional(),
  deleted: z.boolean().optional(),
});

/** An error body: `message` is a string or a map of field to messages. */
export const errorBodySchema = z.looseObject({
  message: z.union([z.string(), z.record(z.string(), z.union([z.array(z.string()), z.string()]))]).optional(),
  errors: z.record(z.string(), z.union([z.array(z.string()), z.string()])).optional(),
});
