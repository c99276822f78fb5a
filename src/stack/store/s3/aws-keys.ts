/**
 * Keys fetched from a source that hands out temporary ones (a program, STS, a container or
 * instance endpoint), kept in memory for the life of the store and fetched again only when
 * they are about to expire, as the AWS SDK's credentials cache does. Never written anywhere.
 */
import type { AwsKeys } from "./sigv4";

/** Keys and, for temporary ones, when they stop working. */
export interface FetchedKeys extends AwsKeys {
  expires?: Date;
}

/** Where a store's keys come from: fetched (and fetched again) on demand. */
export type KeySource = () => Promise<FetchedKeys>;

/** How long before their expiry keys are fetched again, as the SDK's cache does by default. */
const EARLY_MS = 5 * 60_000;

/** Keys that never change. */
export function staticKeys(keys: AwsKeys): KeySource {
  const held: FetchedKeys = { ...keys };
  return () => Promise.resolve(held);
}

/** `fetch` once, shared by concurrent callers, and again once the keys are near their expiry. */
export function cachedKeys(fetch: KeySource): KeySource {
  let pending: Promise<FetchedKeys> | undefined;
  return async () => {
    if (pending) {
      const keys = await pending.catch(() => undefined);
      if (keys && (!keys.expires || keys.expires.getTime() - EARLY_MS > Date.now())) return keys;
    }
    pending = fetch();
    return pending;
  };
}
