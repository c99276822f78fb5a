/**
 * Route table. Matching happens before authentication, as in Laravel: an unknown path is
 * a 404 and a wrong method a 405 whatever the key. Ids must be digits (a route constraint),
 * so `/api/v1/monitors/abc` is an unknown route.
 */
import * as incidents from "./routes/incidents";
import * as monitors from "./routes/monitors";
import type { ApiContext } from "./routes/context";
import { notFoundReply, type Reply } from "./respond";

/** A handler of an authenticated API route. */
export type ApiHandler = (ctx: ApiContext) => Promise<Reply>;

/** What a path and method resolved to. */
export type RouteMatch =
  | { kind: "api"; handler: ApiHandler; id: number; write: boolean }
  | { kind: "status" }
  | { kind: "stats" }
  | { kind: "checks-run" }
  | { kind: "openapi" }
  | { kind: "status-page" }
  | { kind: "not-found" }
  | { kind: "method-not-allowed"; allowed: string[] };

interface Resource {
  list: ApiHandler;
  store: ApiHandler;
  show: ApiHandler;
  update: ApiHandler;
  destroy: ApiHandler;
}

const RESOURCES: Record<string, Resource> = {
  monitors: {
    list: monitors.monitorListRoute,
    store: monitors.monitorStoreRoute,
    show: monitors.monitorShowRoute,
    update: monitors.monitorUpdateRoute,
    destroy: monitors.monitorDeleteRoute,
  },
  incidents: {
    list: incidents.incidentListRoute,
    store: incidents.incidentStoreRoute,
    show: incidents.incidentShowRoute,
    update: incidents.incidentUpdateRoute,
    destroy: incidents.incidentDeleteRoute,
  },
};

const COLLECTION_METHODS = ["GET", "HEAD", "POST"];
const ITEM_METHODS = ["GET", "HEAD", "PUT", "PATCH", "DELETE"];
/** Largest id a route accepts; ids are 32-bit, anything larger cannot exist. */
const MAX_ID = 2_147_483_647;

/** Resolves `method` and `path` (no query string). HEAD is served as GET. */
export function matchRoute(method: string, rawPath: string): RouteMatch {
  // Laravel ignores one trailing slash.
  const path = rawPath.length > 1 && rawPath.endsWith("/") ? rawPath.slice(0, -1) : rawPath;
  const m = method === "HEAD" ? "GET" : method;
  if (path === "/__local/stats")
    return m === "GET" ? { kind: "stats" } : { kind: "method-not-allowed", allowed: ["GET", "HEAD"] };
  if (path === "/__local/openapi.json")
    return m === "GET" ? { kind: "openapi" } : { kind: "method-not-allowed", allowed: ["GET", "HEAD"] };
  if (path === "/__local/checks/run")
    return m === "POST" ? { kind: "checks-run" } : { kind: "method-not-allowed", allowed: ["POST"] };
  if (path === "/")
    return m === "GET" ? { kind: "status-page" } : { kind: "method-not-allowed", allowed: ["GET", "HEAD"] };
  if (path === "/api/v1/status")
    return m === "GET" ? { kind: "status" } : { kind: "method-not-allowed", allowed: ["GET", "HEAD"] };
  const parts = /^\/api\/v1\/(monitors|incidents)(?:\/([^/]+))?$/.exec(path);
  if (!parts) return { kind: "not-found" };
  const resource = RESOURCES[parts[1]];
  if (parts[2] === undefined) {
    if (m === "GET") return { kind: "api", handler: resource.list, id: 0, write: false };
    if (m === "POST") return { kind: "api", handler: resource.store, id: 0, write: true };
    return { kind: "method-not-allowed", allowed: COLLECTION_METHODS };
  }
  if (!/^\d+$/.test(parts[2])) return { kind: "not-found" };
  const id = Number(parts[2]);
  if (m === "GET" || m === "PUT" || m === "PATCH" || m === "DELETE") {
    // A well-formed id beyond the id range is a missing resource, answered after auth.
    const handler =
      id > MAX_ID ? notFound : m === "GET" ? resource.show : m === "DELETE" ? resource.destroy : resource.update;
    return { kind: "api", handler, id, write: m !== "GET" };
  }
  return { kind: "method-not-allowed", allowed: ITEM_METHODS };
}

async function notFound(): Promise<Reply> {
  return notFoundReply();
}
