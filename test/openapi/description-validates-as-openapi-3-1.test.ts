/** The generated description is valid OpenAPI 3.1, by the OpenAPI Initiative's JSON Schema for 3.1. */
import { Validator } from "@seriousme/openapi-schema-validator";
import { expect, test } from "vitest";
import { openApiDocument } from "../../src/openapi";

test("the description validates as OpenAPI 3.1", async () => {
  const validator = new Validator();
  const result = await validator.validate(openApiDocument());
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.1");
});

test("the validator refuses a broken copy (a response without a description), so the test above can fail", async () => {
  const broken = openApiDocument() as {
    paths: Record<string, Record<string, { responses: Record<string, Record<string, unknown>> }>>;
  };
  delete broken.paths["/api/v1/monitors"].get.responses["200"].description;
  const result = await new Validator().validate(broken);
  expect(result.valid).toBe(false);
});
