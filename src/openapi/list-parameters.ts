/**
 * The list endpoints' query parameters as the service takes them. The client's query
 * schemas (src/schemas/list.ts) say what the client sends, which is narrower: the service
 * also takes `search_by=comment` on incidents, any integer as an id filter, and any page
 * number or size (an unusable one falls back instead of failing). Descriptions are the
 * client schemas' own.
 */
import { z } from "zod";
import { incidentListQuerySchema, monitorListQuerySchema } from "../schemas/list";
import { INCIDENT_SEARCH_BY_SERVICE, PER_PAGE_VALUES } from "../schemas/values";

type QueryShape = Record<string, z.ZodType & { description?: string }>;

/** Any whole number in JavaScript's safe range; the service reads it as an integer (a filter no record matches, when not an id). */
const FILTER_ID = z.int();

/** Page size: the contract's values, or any other text, which falls back to the instance's size. */
const PER_PAGE = z.union([z.literal(PER_PAGE_VALUES), z.string()]);
/** Page number: from 1, or any other text, which gives page 1. */
const PAGE = z.union([z.int().min(1), z.string()]);

function described(
  shape: Record<string, z.ZodType>,
  docs: QueryShape,
  notes: Record<string, string> = {},
): z.ZodObject {
  const out: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(shape)) {
    const doc = docs[name]?.description;
    if (!doc) throw new Error(`query parameter ${name} has no description in the client's schema`);
    // An empty value is read as no value (ConvertEmptyStringsToNull), whatever the parameter.
    const orEmpty = schema.safeParse("").success ? schema : z.union([schema, z.literal("")]);
    out[name] = orEmpty.optional().describe(notes[name] ? `${doc} ${notes[name]}` : doc);
  }
  return z.object(out);
}

const PAGING_NOTES = {
  per_page:
    "Any other value falls back to the instance's page size (10 or 25 depending on the instance): always send one of the four.",
  page: "A value that is not a whole number from 1 gives page 1.",
};

// Where the service takes what the client sends, the parameter is the client's own schema.
const monitorQuery = monitorListQuerySchema.shape;
const incidentQuery = incidentListQuerySchema.shape;

/** Query of `GET /api/v1/monitors` as the service takes it. */
export const monitorListParameters = described(
  {
    search: z.string(),
    search_by: monitorQuery.search_by.unwrap(),
    status_page_id: FILTER_ID,
    sort_by: monitorQuery.sort_by.unwrap(),
    sort: monitorQuery.sort.unwrap(),
    per_page: PER_PAGE,
    page: PAGE,
  },
  monitorQuery as QueryShape,
  PAGING_NOTES,
);

/** Query of `GET /api/v1/incidents` as the service takes it. */
export const incidentListParameters = described(
  {
    search: z.string(),
    search_by: z.enum(INCIDENT_SEARCH_BY_SERVICE),
    monitor_id: FILTER_ID,
    status: incidentQuery.status.unwrap(),
    sort_by: incidentQuery.sort_by.unwrap(),
    sort: incidentQuery.sort.unwrap(),
    per_page: PER_PAGE,
    page: PAGE,
  },
  incidentQuery as QueryShape,
  { ...PAGING_NOTES, search_by: "The service also takes comment." },
);
