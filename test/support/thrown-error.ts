/** The error a synchronous call throws, for tests that then read its message and fields. */
import { expect } from "vitest";

/** What `run` throws, checked to be an instance of `type`; throws itself when `run` returns instead. */
export function thrownBy<E extends Error>(run: () => unknown, type: abstract new (...args: never[]) => E): E {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(type);
    return err as E;
  }
  throw new Error(`expected ${type.name}, but nothing was thrown`);
}

/** What `promise` rejects with, checked to be an instance of `type`; throws itself when it resolves instead. */
export async function rejectedBy<E extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const outcome = await promise.then(
    () => undefined,
    (err: unknown) => ({ err }),
  );
  if (!outcome) throw new Error(`expected ${type.name}, but the promise resolved`);
  expect(outcome.err).toBeInstanceOf(type);
  return outcome.err as E;
}
