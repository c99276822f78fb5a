/**
 * A 503 from Cloud Storage (overloaded: its `backendError`) is tried again, twice, as the
 * CLI's Google client retries transient failures: two in a row still list; a third ends the
 * listing with a BackendStoreError that gives the status and the service's reason.
 */
import { afterEach, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { gcsStore } from "../../../../src/stack/store/gcs/gcs-store";
import { startGcsTestServer, type GcsTestServer } from "../../../support/gcs-test-server";
import { rejectionOf } from "../../../support/thrown-error";

let server: GcsTestServer | undefined;
afterEach(() => server?.stop());

test("two 503s, then the listing", async () => {
  server = await startGcsTestServer({ buckets: ["state"], unavailable: 2 });
  const store = gcsStore("gs://state", { STORAGE_EMULATOR_HOST: server.host });
  expect(await store.list(".pulumi/")).toEqual([]);
}, 600_000);

test("three 503s: the status and reason, and to try again later", async () => {
  server = await startGcsTestServer({ buckets: ["state"], unavailable: 3 });
  const store = gcsStore("gs://state", { STORAGE_EMULATOR_HOST: server.host });
  const err = await rejectionOf(store.list(".pulumi/"), BackendStoreError);
  expect(err.reason).toMatch(
    /\(HTTP 503 backendError: We encountered an internal error\. Please try again\.\): try again later/,
  );
  // The fourth request is answered: the store stopped after three.
  expect(await store.list(".pulumi/")).toEqual([]);
}, 600_000);
