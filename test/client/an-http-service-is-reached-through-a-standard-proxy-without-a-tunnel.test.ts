/**
 * The client reaches an http:// service through a standard company proxy: Debian's Squid in
 * its default configuration (test/support/squid.ts), which refuses CONNECT to any port but
 * its SSL ports. Requests to an http:// base URL go to the proxy in absolute form
 * (`GET http://host:port/api/...`), as curl and Go send them, so they pass, and the proxy's
 * log shows them with no CONNECT.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { UptimeClient } from "../../src/client";
import { startSquid, type Squid } from "../support/squid";
import { DEFAULT_API_KEY, startTestServer, type UptimeServer } from "../support/server";

let server: UptimeServer;
let squid: Squid;

beforeAll(async () => {
  [server, squid] = await Promise.all([startTestServer({ port: 0 }), startSquid()]);
}, 660_000);
afterAll(async () => {
  await Promise.all([server?.close(), squid?.stop()]);
});
beforeEach(() => {
  for (const name of ["HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "NO_PROXY", "no_proxy"])
    vi.stubEnv(name, "");
});
afterEach(() => vi.unstubAllEnvs());

it("requests to an http:// base URL pass Squid's default rules as absolute-form requests", async () => {
  vi.stubEnv("HTTP_PROXY", squid.url);
  const client = new UptimeClient({ baseUrl: server.url, apiKey: DEFAULT_API_KEY, retry: { maxAttempts: 1 } });
  try {
    const created = await client.monitors.create({
      name: "via-squid",
      url: "https://example.com/via-squid",
      interval: 60,
    });
    expect((await client.monitors.get(created.id)).url).toBe("https://example.com/via-squid");
  } finally {
    await client.close();
  }
  const host = new URL(server.url).host;
  expect(squid.requests(host)).toEqual([
    `POST ${server.url}/api/v1/monitors 201`,
    expect.stringMatching(new RegExp(`^GET ${server.url}/api/v1/monitors/\\d+ 200$`)),
  ]);
});
