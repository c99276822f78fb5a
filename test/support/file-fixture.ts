/**
 * A thing a test file makes once before its tests and closes after them (a server, a
 * plugin under test): `const server = fileFixture(() => startTestServer())` at the top of
 * the file stands for
 *
 *     let server; beforeAll(async () => { server = await startTestServer(); });
 *     afterAll(async () => { await server.close(); });
 *
 * The handle forwards to the thing once `beforeAll` has made it, so tests use it as they
 * would the thing itself; used before that, it throws saying so.
 */
import { afterAll, beforeAll } from "vitest";

export function fileFixture<T extends { close(): unknown }>(make: () => Promise<T>): T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await make();
  });
  afterAll(async () => {
    await value?.close();
  });
  const made = (): T => {
    if (value === undefined) throw new Error("a file fixture is made in beforeAll: use it inside a test or hook");
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const v = made();
      const got: unknown = Reflect.get(v, key, v);
      return typeof got === "function" ? (got as (...args: unknown[]) => unknown).bind(v) : got;
    },
    set(_, key, to) {
      return Reflect.set(made(), key, to);
    },
    has(_, key) {
      return Reflect.has(made(), key);
    },
    getPrototypeOf() {
      return Reflect.getPrototypeOf(made());
    },
  });
}
