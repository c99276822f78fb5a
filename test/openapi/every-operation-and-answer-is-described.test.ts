/**
 * The description covers the contract: every operation of monitors and incidents, every
 * answer the service gives them, the Bearer scheme, list bodies in bracket form, links
 * that lead to real operations, and the reference's field documentation (docs/reference.md).
 */
import { describe, expect, test } from "vitest";
import { openApiDocument } from "../../src/openapi";
import { INCIDENT_FIELDS, MONITOR_FIELDS } from "../../src/schemas";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- OpenAPI JSON, read freely
const doc = openApiDocument() as Json;
const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  ["get", "post", "put", "patch", "delete"]
    .filter((m) => item[m])
    .map((m) => ({ path, method: m, op: item[m] as Json })),
);

test("every operation of the contract is there, PUT and PATCH alike", () => {
  expect(operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort()).toEqual(
    ["monitors", "incidents"]
      .flatMap((r) => [
        `GET /api/v1/${r}`,
        `POST /api/v1/${r}`,
        `GET /api/v1/${r}/{id}`,
        `PUT /api/v1/${r}/{id}`,
        `PATCH /api/v1/${r}/{id}`,
        `DELETE /api/v1/${r}/{id}`,
      ])
      .sort(),
  );
});

test("every operation answers 401 and 429 (with Retry-After); item operations 404; bodies 422 with the field errors", () => {
  for (const { path, method, op } of operations) {
    const codes = Object.keys(op.responses);
    expect(codes, `${method} ${path}`).toEqual(expect.arrayContaining(["401", "403", "429"]));
    if (path.endsWith("{id}")) expect(codes, `${method} ${path}`).toContain("404");
    if (op.requestBody || (method === "get" && !path.endsWith("{id}")))
      expect(codes, `${method} ${path}`).toContain("422");
  }
  expect(doc.components.responses.TooManyRequests.headers["Retry-After"].required).toBe(true);
  expect(doc.components.schemas.ValidationError.properties.message.additionalProperties).toEqual({
    type: "array",
    items: { type: "string" },
    minItems: 1,
  });
});

test("the Bearer scheme guards every operation", () => {
  expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  expect(doc.security).toEqual([{ bearerAuth: [] }]);
});

test("bodies are forms whose list fields use bracket indices", () => {
  const store = doc.paths["/api/v1/monitors"].post.requestBody;
  const form = store.content["application/x-www-form-urlencoded"];
  expect(Object.keys(store.content)).toEqual(["application/x-www-form-urlencoded"]);
  expect(form.encoding.alerts).toEqual({ style: "deepObject", explode: true });
  expect(form.encoding.request_headers).toEqual({ style: "deepObject", explode: true });
  expect(store.description).toContain("alerts[0][key]=email");
});

test("lists answer a page: items, links and meta with the totals", () => {
  const page = doc.components.schemas.MonitorPage;
  expect(page.properties.data.items).toEqual({ $ref: "#/components/schemas/Monitor" });
  expect(page.properties.meta.required).toEqual(
    expect.arrayContaining(["current_page", "last_page", "per_page", "total"]),
  );
  expect(page.properties.links.required).toEqual(["first", "last", "prev", "next"]);
});

test("links from a stored record lead to operations that exist", () => {
  const ids = new Set(operations.map((o) => o.op.operationId));
  const links = operations.flatMap(({ op }) =>
    Object.values(op.responses as Json).flatMap((r: Json) => Object.values(r.links ?? {})),
  ) as Json[];
  expect(links.length).toBeGreaterThanOrEqual(10);
  for (const link of links) expect(ids.has(link.operationId), link.operationId).toBe(true);
  expect(Object.keys(doc.paths["/api/v1/monitors"].post.responses["201"].links)).toEqual(
    expect.arrayContaining(["ShowMonitor", "UpdateMonitor", "PatchMonitor", "DeleteMonitor", "StoreIncidentOfMonitor"]),
  );
});

describe("field descriptions are the reference's", () => {
  test.each([
    ["MonitorStore", MONITOR_FIELDS.api],
    ["IncidentStore", INCIDENT_FIELDS.api],
  ] as const)("%s", (component, fields) => {
    const properties = doc.components.schemas[component].properties as Json;
    expect(Object.keys(properties)).toEqual(fields.map((f) => f.wire));
    for (const f of fields) {
      // A name the provider generates for programs is still required by the API: its doc keeps the API's sentence.
      const api = f.autoname ? f.description.slice(0, f.description.indexOf(".") + 1) : f.description;
      expect(properties[f.wire].description, f.wire).toBe(api);
    }
  });
  test("the API's doc of a name programs may omit says nothing of programs", () => {
    const name = doc.components.schemas.MonitorStore.properties.name;
    expect(name.description).toBe("Name of the monitor, unique per account.");
    expect(doc.components.schemas.MonitorStore.required).toContain("name");
  });
});
