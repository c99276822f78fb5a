/** A copy of `o` without its undefined values (no empty query parameters, no undefined state keys). */
export function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
