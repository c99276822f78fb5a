/**
 * `List` reads the service's pages through the provider's client, so the provider's
 * `requestsPerMinute` spaces them like every other read.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_API_KEY } from "../support/server";
import { configuredPlugin, secret } from "./helpers";

const PER_MINUTE = 120;
let env: Awaited<ReturnType<typeof configuredPlugin>>;
beforeAll(async () => {
  env = await configuredPlugin();
  for (let i = 0; i < 25; i++)
    await env.outside.monitors.create({ name: `paced ${i}`, url: `https://paced${i}.example.com`, interval: 60 });
  await env.plugin.configure({
    baseUrl: env.server.url,
    apiKey: secret(DEFAULT_API_KEY),
    requestsPerMinute: PER_MINUTE,
  });
});
afterAll(async () => {
  await env.close();
});

describe("List's pacing", () => {
  it("spaces the page reads of consecutive calls at the provider's rate", async () => {
    env.server.resetStats();
    const started = performance.now();
    let token: string | undefined;
    let results = 0;
    do {
      const got = await env.plugin.list("Monitor", { search: "paced" }, { pageSize: 10, token });
      results += got.results.length;
      token = got.continuation;
    } while (token);
    const elapsed = performance.now() - started;
    const reads = env.server.requests.filter((r) => r.method === "GET" && r.path === "/api/v1/monitors");
    expect(results).toBe(25);
    expect(reads).toHaveLength(3);
    // Three requests, two gaps of a slot each at 120 a minute.
    expect(elapsed).toBeGreaterThanOrEqual(2 * (60_000 / PER_MINUTE) - 5);
  });
});
