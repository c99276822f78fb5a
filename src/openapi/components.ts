/**
 * The reusable parts of the description: schemas of bodies (requests from the schemas
 * the client validates with, responses from served.ts), the error responses every
 * operation shares, the rate-limit headers and the Bearer scheme.
 */
import { incidentCreateSchema, incidentUpdateSchema } from "../schemas/incident";
import { monitorCreateSchema, monitorUpdateSchema } from "../schemas/monitor";
import {
  servedDeletedSchema,
  servedIncidentSchema,
  servedItemSchema,
  servedMessageErrorSchema,
  servedMonitorSchema,
  servedPageSchema,
  servedUnauthenticatedSchema,
  servedValidationErrorSchema,
} from "../schemas/served";
import { formBody } from "./form-body";
import { jsonSchemaOf, open, type JsonSchema } from "./json-schema";

/** `#/components/schemas/<name>`. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** `#/components/responses/<name>`. */
export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** Fields a monitor update may leave out but not send empty (the service: "The name field is required."). */
const MONITOR_REQUIRED_WHEN_SENT = ["name", "url", "interval"];

/**
 * Incident update takes `started_at` and an empty `monitor_id` too, as the service does:
 * the first is ignored, the second refused once it has a value.
 */
function incidentUpdateBody(): JsonSchema {
  const body = formBody(incidentUpdateSchema);
  const properties = body.properties as Record<string, JsonSchema>;
  properties.started_at = { description: "Accepted and ignored: the start is set on store only." };
  properties.monitor_id = {
    type: "string",
    maxLength: 0,
    description: "Set on store only: an update may send it only empty.",
  };
  return body;
}

/** A response body's schema, open to fields this description does not list. */
const served = (schema: Parameters<typeof jsonSchemaOf>[0]) => open(jsonSchemaOf(schema, "output"));

function schemas(): Record<string, JsonSchema> {
  return {
    MonitorStore: formBody(monitorCreateSchema),
    MonitorUpdate: formBody(monitorUpdateSchema, MONITOR_REQUIRED_WHEN_SENT),
    IncidentStore: formBody(incidentCreateSchema),
    IncidentUpdate: incidentUpdateBody(),
    Monitor: served(servedMonitorSchema),
    Incident: served(servedIncidentSchema),
    MonitorShown: itemOf("Monitor", servedItemSchema(servedMonitorSchema, 200)),
    MonitorStored: itemOf("Monitor", servedItemSchema(servedMonitorSchema, 201)),
    IncidentShown: itemOf("Incident", servedItemSchema(servedIncidentSchema, 200)),
    IncidentStored: itemOf("Incident", servedItemSchema(servedIncidentSchema, 201)),
    MonitorPage: pageOf("Monitor", servedPageSchema(servedMonitorSchema)),
    IncidentPage: pageOf("Incident", servedPageSchema(servedIncidentSchema)),
    Deleted: served(servedDeletedSchema),
    ValidationError: served(servedValidationErrorSchema),
    MessageError: served(servedMessageErrorSchema),
    Unauthenticated: served(servedUnauthenticatedSchema),
  };
}

/** A page schema whose items refer to the item's component instead of repeating it. */
function pageOf(item: string, page: Parameters<typeof jsonSchemaOf>[0]): JsonSchema {
  const out = served(page);
  const properties = out.properties as Record<string, JsonSchema>;
  properties.data = { ...properties.data, items: ref(item) };
  return out;
}

/** An envelope schema (`{ data, status }`) whose data refers to the item's component. */
function itemOf(item: string, envelope: Parameters<typeof jsonSchemaOf>[0]): JsonSchema {
  const out = served(envelope);
  (out.properties as Record<string, JsonSchema>).data = ref(item);
  return out;
}

const integerHeader = (description: string) => ({ description, schema: { type: "string", pattern: "^[0-9]+$" } });

const RATE_HEADERS = {
  "X-RateLimit-Limit": integerHeader(
    "Requests allowed per minute for the account; sent when the instance limits requests.",
  ),
  "X-RateLimit-Remaining": integerHeader(
    "Requests left in the current minute; sent when the instance limits requests.",
  ),
};

const json = (schema: JsonSchema) => ({ "application/json": { schema } });

/** An error answer that carries the rate-limit headers, with a body of the named schema. */
const rateLimitedError = (description: string, body = "MessageError") => ({
  description,
  headers: RATE_HEADERS,
  content: json(ref(body)),
});

function responses(): Record<string, JsonSchema> {
  return {
    BadRequest: rateLimitedError("The body is not valid UTF-8, or has too many fields or list entries."),
    Unauthenticated: {
      description: "No API key, or one the service does not know.",
      content: json(ref("Unauthenticated")),
    },
    Forbidden: rateLimitedError("The account's plan has no API access."),
    NotFound: rateLimitedError("No such record. Another account's record is indistinguishable from a missing one."),
    TooLarge: { description: "The body is larger than the instance accepts.", content: json(ref("MessageError")) },
    UnsupportedMediaType: rateLimitedError("The body is neither a form nor JSON."),
    ValidationFailed: rateLimitedError("Invalid fields: each with its messages.", "ValidationError"),
    TooManyRequests: {
      description: "Over the account's rate limit (120 requests a minute on the service). Wait `Retry-After` seconds.",
      headers: {
        "Retry-After": { ...integerHeader("Seconds until the limit resets."), required: true },
        ...RATE_HEADERS,
        "X-RateLimit-Reset": integerHeader("When the limit resets, in Unix seconds."),
      },
      content: json(ref("MessageError")),
    },
  };
}

/** The `components` object. */
export function components(): JsonSchema {
  return {
    schemas: schemas(),
    responses: responses(),
    parameters: {
      id: {
        name: "id",
        in: "path",
        required: true,
        description: "The record's id.",
        schema: { type: "integer", minimum: 1 },
      },
    },
    securitySchemes: {
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        description: "`Authorization: Bearer <API_KEY>`: the account's API key.",
      },
    },
  };
}

/** The rate-limit headers of a successful answer. */
export const SUCCESS_HEADERS = RATE_HEADERS;
