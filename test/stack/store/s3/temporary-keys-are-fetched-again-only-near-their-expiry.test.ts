/**
 * Keys from a source that hands out temporary ones are kept for the store's life and fetched
 * again only when they are within five minutes of their expiry (as the AWS SDK's credentials
 * cache does), or when the last fetch failed; callers at the same time share one fetch.
 */
import { expect, test } from "vitest";
import { cachedKeys, type FetchedKeys } from "../../../../src/stack/store/s3/aws-keys";

/** A source whose nth fetch gives keys `AKIA<n>` expiring `minutes` from now, or fails when `minutes` is "fail". */
function source(plan: (number | "fail" | undefined)[]) {
  let n = 0;
  const fetch = (): Promise<FetchedKeys> => {
    const minutes = plan[n++];
    if (minutes === "fail") return Promise.reject(new Error("unreachable"));
    const expires = minutes === undefined ? undefined : new Date(Date.now() + minutes * 60_000);
    return Promise.resolve({ accessKeyId: `AKIA${n}`, secretAccessKey: "s", expires });
  };
  return { fetch, fetched: () => n };
}

test("keys far from expiry, or with none, are fetched once for any number of uses", async () => {
  for (const minutes of [60, undefined]) {
    const s = source([minutes]);
    const keys = cachedKeys(s.fetch);
    const got = await Promise.all([keys(), keys(), keys()]);
    expect((await keys()).accessKeyId).toBe("AKIA1");
    expect(got.map((k) => k.accessKeyId)).toEqual(["AKIA1", "AKIA1", "AKIA1"]);
    expect(s.fetched()).toBe(1);
  }
});

test("keys within five minutes of expiry, and a failed fetch, are fetched again", async () => {
  const s = source([4, 60]);
  const keys = cachedKeys(s.fetch);
  expect((await keys()).accessKeyId).toBe("AKIA1");
  expect((await keys()).accessKeyId).toBe("AKIA2");
  expect((await keys()).accessKeyId).toBe("AKIA2");
  const failing = source(["fail", 60]);
  const again = cachedKeys(failing.fetch);
  await expect(again()).rejects.toThrow("unreachable");
  expect((await again()).accessKeyId).toBe("AKIA2");
});
