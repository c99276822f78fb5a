/**
 * Response values and the service's envelopes. Handlers return a {@link Reply} instead
 * of writing to the socket, so the server can still decide to drop the connection
 * (fault injection) after a write has been committed.
 */

/** A response, not yet sent. */
export interface Reply {
  /** HTTP status. */
  status: number;
  /** JSON body; undefined sends no body. */
  body?: unknown;
  /** A body sent as it is (the status page); its Content-Type comes in `headers`. */
  text?: string;
  /** Extra headers. */
  headers?: Record<string, string>;
}

/** Field name to its messages, as in a Laravel validation error. */
export type FieldErrors = Record<string, string[]>;

/** 200 `{ data, status: 200 }` (show and update). */
export function showReply(data: unknown): Reply {
  return { status: 200, body: { data, status: 200 } };
}

/** 201 `{ data, status: 201 }` (store). */
export function createdReply(data: unknown): Reply {
  return { status: 201, body: { data, status: 201 } };
}

/** 200 `{ id, object, deleted: true, status: 200 }` (delete). */
export function deletedReply(id: number, object: "monitor" | "incident"): Reply {
  return { status: 200, body: { id, object, deleted: true, status: 200 } };
}

/** 422 with every bad field. */
export function validationReply(errors: FieldErrors): Reply {
  return { status: 422, body: { message: errors, status: 422 } };
}

/** 404, for a missing id, another account's resource and unknown routes alike. */
export function notFoundReply(): Reply {
  return { status: 404, body: { message: "Resource not found.", status: 404 } };
}

/** 401 without a valid key; Laravel's auth middleware sends no `status` field. */
export function unauthenticatedReply(): Reply {
  return { status: 401, body: { message: "Unauthenticated." } };
}

/** 403 for an account whose plan has no API access. */
export function forbiddenReply(): Reply {
  return { status: 403, body: { message: "You don't have access to this feature.", status: 403 } };
}

/** 405 worded like Symfony's MethodNotAllowedHttpException, with an `Allow` header. */
export function methodNotAllowedReply(method: string, path: string, allowed: string[]): Reply {
  const route = path.replace(/^\//, "");
  return {
    status: 405,
    headers: { Allow: allowed.join(", ") },
    body: {
      message: `The ${method} method is not supported for route ${route}. Supported methods: ${allowed.join(", ")}.`,
      status: 405,
    },
  };
}

/** A 4xx with a plain message (400, 413, 415). */
export function errorReply(status: number, message: string): Reply {
  return { status, body: { message, status } };
}

/** 500 as Laravel renders an exception outside debug mode. */
export function serverErrorReply(status = 500): Reply {
  return { status, body: { message: status === 503 ? "Service Unavailable" : "Server Error" } };
}
