/**
 * The providers' clients (and the functions', built the same way) retry each request up to
 * 8 times: a run of hundreds of requests against a service that fails a fifth of them at
 * random must not fail (the fault suite runs exactly that under the engine).
 */
import { afterEach, expect, it } from "vitest";
import { clientFor } from "../../src/runtime/config";
import { RETRY_DEFAULTS } from "../../src/client/client-options";

const clients: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

it("a provider client makes 8 attempts, where a plain client makes 4", () => {
  const c = clientFor({ baseUrl: "http://127.0.0.1:9", apiKey: "k-retry", timeZone: "UTC" });
  clients.push(c);
  expect(c.retry).toEqual({ ...RETRY_DEFAULTS, maxAttempts: 8 });
  expect(RETRY_DEFAULTS.maxAttempts).toBe(4);
});
