/** The error a call throws or a promise rejects with, for tests that then read its message and fields. */
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

/** What `pending` rejects with, checked to be an instance of `type`; throws when it resolves instead. */
export async function rejectionOf<E extends Error>(
  pending: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await pending;
  } catch (err) {
    expect(err).toBeInstanceOf(type);
    return err as E;
  }
  throw new Error(`expected ${type.name}, but the promise resolved`);
}
