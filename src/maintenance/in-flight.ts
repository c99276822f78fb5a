/**
 * Runs one write per monitor with a fixed number in flight. The client already bounds what
 * reaches the service; this keeps a selection of thousands from holding thousands of
 * pending calls (and their garbage) in the process at once.
 */

/** At most this many of a command's writes are pending at once: the client's own default limit. */
export const WRITES_IN_FLIGHT = 8;

/** `fn` on each of `items`, at most `limit` at a time; resolves when all have settled (`fn` must not throw). */
export async function forEachInFlight<T>(
  items: readonly T[],
  fn: (item: T) => Promise<void>,
  limit = WRITES_IN_FLIGHT,
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
