/**
 * S3 answers 503 SlowDown under load, and the CLI's AWS SDK tries again (3 attempts in all):
 * the store does too, so a busy service that answers the next attempt is read whole, and one
 * that stays busy is a BackendStoreError with the status and code. Real S3-compatible server
 * on loopback, made to answer some GETs 503.
 */
import { afterEach, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { openBackendStore } from "../../../../src/stack/store/open-store";
import { startS3TestServer, type S3TestServer } from "../../../support/s3-test-server";

let s3: S3TestServer | undefined;
afterEach(() => s3?.close());

test("every other GET answered 503 SlowDown: the list and the reads still come back whole", async () => {
  s3 = await startS3TestServer("state", { busyEvery: 2 });
  for (const name of ["a", "b", "c"]) await s3.put(`.pulumi/stacks/app/${name}.json`, name);
  const store = openBackendStore(s3.backendUrl(), s3.awsEnv())!;
  expect((await store.list(".pulumi/stacks/")).sort()).toEqual([
    ".pulumi/stacks/app/a.json",
    ".pulumi/stacks/app/b.json",
    ".pulumi/stacks/app/c.json",
  ]);
  for (const name of ["a", "b", "c"]) {
    expect((await store.read(`.pulumi/stacks/app/${name}.json`))?.toString()).toBe(name);
  }
});

test("a service that answers every GET 503 fails after the last attempt, saying so", async () => {
  s3 = await startS3TestServer("state", { busyEvery: 1 });
  const err = await openBackendStore(s3.backendUrl(), s3.awsEnv())!
    .list(".pulumi/")
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(err).toBeInstanceOf(BackendStoreError);
  expect((err as BackendStoreError).reason).toContain(
    "listing .pulumi/ in bucket state was refused: HTTP 503 SlowDown (Please reduce your request rate.); " +
      `the service at ${s3.endpoint} could not answer; try again, or check the endpoint`,
  );
});
