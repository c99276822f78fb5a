/** The OpenAPI description of /api/v1, generated from the schemas. */
export { OPENAPI_FILE, openApiDocument, openApiText } from "./document";
