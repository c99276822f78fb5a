/** The error code of a Node or undici error, looking through AggregateError (happy eyeballs) and causes. */
export function errorCode(err: unknown): string | undefined {
  if (err === null || typeof err !== "object") return undefined;
  const e = err as { code?: unknown; errors?: unknown[]; cause?: unknown };
  if (typeof e.code === "string") return e.code;
  if (Array.isArray(e.errors))
    for (const inner of e.errors) {
      const c = errorCode(inner);
      if (c) return c;
    }
  if (e.cause && e.cause !== err) return errorCode(e.cause);
  return undefined;
}
