/**
 * The OpenAPI 3.1 description of /api/v1 (docs/openapi.json), generated from the zod
 * schemas so it cannot drift from what the client checks and the reference (docs/reference.md) documents.
 * `npm run generate` writes it; a test fails when the file is stale.
 */
import { components } from "./components";
import { paths } from "./paths";

/** Where the generated description lives in the repository. */
export const OPENAPI_FILE = "docs/openapi.json";

/** The OpenAPI description of the uptime service's /api/v1, as this project understands it. */
export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: "3.1.0",
    info: {
      title: "Uptime monitoring service: monitors and incidents",
      version: "v1",
      description:
        "The monitors and incidents of the uptime service's `/api/v1`, as pulumi-uptime understands the service: the " +
        "contract's fields and allowed values, and the bodies, status codes and errors that the service's source shows " +
        "where the contract is silent. Generated from pulumi-uptime's zod schemas (`npm run generate`); do not edit.",
    },
    servers: [
      {
        url: "{baseUrl}",
        description: "Your instance, or the local server (`npx uptime-server`).",
        variables: { baseUrl: { default: "http://127.0.0.1:8080" } },
      },
    ],
    security: [{ bearerAuth: [] }],
    tags: [
      { name: "monitors", description: "Monitored URLs." },
      { name: "incidents", description: "Periods during which a monitor was in trouble." },
    ],
    paths: paths(),
    components: components(),
  };
}

/** The description as the file holds it: two-space JSON and a final newline. */
export function openApiText(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}
