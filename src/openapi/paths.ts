/**
 * The paths of /api/v1: list, store, show, update (PUT and PATCH) and delete of monitors
 * and incidents, with their parameters, form bodies, answers and the links from a stored
 * record to what can be done with it next (which Schemathesis follows in its stateful tests).
 */
import type { z } from "zod";
import { jsonSchemaOf, type JsonSchema } from "./json-schema";
import { ref, responseRef, SUCCESS_HEADERS } from "./components";
import { incidentListParameters, monitorListParameters } from "./list-parameters";

/** How list fields travel in a form: `alerts[0][key]=email&alerts[0][value]=ops@example.com`. */
const FORM_ENCODING_NOTE =
  "Sent as `application/x-www-form-urlencoded`. List fields use bracket indices, as PHP and the `qs` package write them: " +
  "`alerts[0][key]=email&alerts[0][value]=ops%40example.com&alerts[1][key]=sms&...` (the `deepObject` style, exploded, " +
  "with a numeric index per entry). An empty value (`alert_text_lookup=`) is read as no value: on update it clears the field.";

interface Resource {
  /** `monitors` or `incidents`. */
  path: string;
  /** `Monitor` or `Incident`: names of operations and components. */
  name: string;
  /** Its list query, as the service takes it. */
  query: z.ZodObject;
  /** Form fields that hold lists. */
  listFields: string[];
  /** Links from a stored record's answer, beyond show, update and delete of that record. */
  extraLinks?: Record<string, JsonSchema>;
}

const RESOURCES: Resource[] = [
  {
    path: "monitors",
    name: "Monitor",
    query: monitorListParameters,
    listFields: ["request_headers", "alerts"],
    extraLinks: {
      StoreIncidentOfMonitor: {
        operationId: "storeIncident",
        requestBody: { monitor_id: "$response.body#/data/id" },
        description: "Open an incident on the stored monitor.",
      },
      ListIncidentsOfMonitor: {
        operationId: "listIncidents",
        parameters: { "query.monitor_id": "$response.body#/data/id" },
        description: "The stored monitor's incidents.",
      },
      FindMonitorByName: {
        operationId: "listMonitors",
        parameters: { "query.search": "$response.body#/data/name" },
        description: "Find the stored monitor by its name.",
      },
    },
  },
  { path: "incidents", name: "Incident", query: incidentListParameters, listFields: [] },
];

const json = (schema: JsonSchema) => ({ "application/json": { schema } });

function queryParameters(query: z.ZodObject): JsonSchema[] {
  const schema = jsonSchemaOf(query, "input");
  return Object.entries(schema.properties as Record<string, JsonSchema>).map(([name, s]) => {
    const { description, ...rest } = s;
    return { name, in: "query", required: false, description, schema: rest };
  });
}

function formBody(r: Resource, component: string, required: boolean): JsonSchema {
  const encoding = Object.fromEntries(r.listFields.map((f) => [f, { style: "deepObject", explode: true }]));
  return {
    required,
    description: FORM_ENCODING_NOTE,
    content: {
      "application/x-www-form-urlencoded": { schema: ref(component), ...(r.listFields.length ? { encoding } : {}) },
    },
  };
}

/** Links from an answer carrying a record (`data.id`) to the operations on that record. */
function itemLinks(r: Resource, withExtras: boolean): JsonSchema {
  const id = { "path.id": "$response.body#/data/id" };
  const links: Record<string, JsonSchema> = {
    [`Show${r.name}`]: {
      operationId: `show${r.name}`,
      parameters: id,
      description: `Read the ${r.name.toLowerCase()} back.`,
    },
    [`Update${r.name}`]: { operationId: `update${r.name}`, parameters: id, description: `Change it (PUT).` },
    [`Patch${r.name}`]: { operationId: `patch${r.name}`, parameters: id, description: `Change it (PATCH).` },
    [`Delete${r.name}`]: { operationId: `delete${r.name}`, parameters: id, description: `Delete it.` },
  };
  return withExtras ? { ...links, ...r.extraLinks } : links;
}

const errors = (...names: [number, string][]) =>
  Object.fromEntries(names.map(([status, name]) => [String(status), responseRef(name)]));
const COMMON: [number, string][] = [
  [401, "Unauthenticated"],
  [403, "Forbidden"],
  [429, "TooManyRequests"],
];
const BODY: [number, string][] = [
  [400, "BadRequest"],
  [413, "TooLarge"],
  [415, "UnsupportedMediaType"],
  [422, "ValidationFailed"],
];

function collection(r: Resource): JsonSchema {
  const lower = r.name.toLowerCase();
  return {
    get: {
      operationId: `list${r.name}s`,
      tags: [`${r.path}`],
      summary: `List ${r.path}, a page at a time`,
      description: `A page of the account's ${r.path}. Follow \`links.next\` (or ask for \`page\` up to \`meta.last_page\`) for the rest.`,
      parameters: queryParameters(r.query),
      responses: {
        200: { description: `A page of ${r.path}.`, headers: SUCCESS_HEADERS, content: json(ref(`${r.name}Page`)) },
        ...errors(...COMMON, [422, "ValidationFailed"]),
      },
    },
    post: {
      operationId: `store${r.name}`,
      tags: [`${r.path}`],
      summary: `Store a ${lower}`,
      requestBody: formBody(r, `${r.name}Store`, true),
      responses: {
        201: {
          description: `The stored ${lower}.`,
          headers: SUCCESS_HEADERS,
          content: json(ref(`${r.name}Stored`)),
          links: itemLinks(r, true),
        },
        ...errors(...COMMON, ...BODY),
      },
    },
  };
}

function item(r: Resource): JsonSchema {
  const lower = r.name.toLowerCase();
  const update = (method: "PUT" | "PATCH") => ({
    operationId: `${method === "PUT" ? "update" : "patch"}${r.name}`,
    tags: [`${r.path}`],
    summary: `Change a ${lower} (${method}; PUT and PATCH do the same)`,
    description: "Every field is optional; only the fields sent change.",
    requestBody: formBody(r, `${r.name}Update`, false),
    responses: {
      200: {
        description: `The ${lower} after the change.`,
        headers: SUCCESS_HEADERS,
        content: json(ref(`${r.name}Shown`)),
        links: itemLinks(r, false),
      },
      ...errors(...COMMON, [404, "NotFound"], ...BODY),
    },
  });
  return {
    parameters: [{ $ref: "#/components/parameters/id" }],
    get: {
      operationId: `show${r.name}`,
      tags: [`${r.path}`],
      summary: `Show a ${lower}`,
      responses: {
        200: { description: `The ${lower}.`, headers: SUCCESS_HEADERS, content: json(ref(`${r.name}Shown`)) },
        ...errors(...COMMON, [404, "NotFound"]),
      },
    },
    put: update("PUT"),
    patch: update("PATCH"),
    delete: {
      operationId: `delete${r.name}`,
      tags: [`${r.path}`],
      summary: `Delete a ${lower}`,
      description: r.name === "Monitor" ? "The monitor's incidents go with it." : undefined,
      responses: {
        200: { description: "Deleted.", headers: SUCCESS_HEADERS, content: json(ref("Deleted")) },
        ...errors(...COMMON, [404, "NotFound"]),
      },
    },
  };
}

/** The `paths` object. */
export function paths(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const r of RESOURCES) {
    out[`/api/v1/${r.path}`] = collection(r);
    out[`/api/v1/${r.path}/{id}`] = item(r);
  }
  return JSON.parse(JSON.stringify(out)) as Record<string, JsonSchema>;
}
