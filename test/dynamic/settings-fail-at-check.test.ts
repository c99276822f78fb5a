/**
 * Configuration that cannot work fails at `check` (so at `preview`), each message naming
 * the setting the user set: missing or malformed settings before any request; a wrong
 * key or an unreachable service after exactly one request per provider process, however
 * many resources it checks.
 */
import { closedPort } from "../support/closed-port";
import { describe, expect, it } from "vitest";
import { incident, monitor } from "../../src/dynamic/runtime";
import { configureFromStack } from "../../src/runtime/config";
import { keepEnv, providerHarness } from "../runtime/helpers";
import { fileFixture } from "../support/file-fixture";

const h = fileFixture(() => providerHarness());

const ENV_KEYS = ["UPTIME_BASE_URL", "UPTIME_API_KEY", "UPTIME_TIME_ZONE"] as const;
const setEnv = keepEnv(ENV_KEYS, () => h.reconfigure());

const declared = { name: "Settings", url: "https://s.example.com", interval: 60, __resourceName: "api" };

/** Configures the runtime as `configure` would, from this stack config only. */
function stackConfig(
  values: Record<string, string>,
  env: Partial<Record<(typeof ENV_KEYS)[number], string>> = {},
): void {
  setEnv(env);
  configureFromStack({ get: (k) => values[k] });
}

async function reasons(bag = declared): Promise<string[]> {
  const r = await monitor.check({}, bag);
  return (r.failures ?? []).map((f) => `${f.property}|${f.reason}`);
}

describe("settings at check", () => {
  it("missing key and URL: one failure naming the config keys and the variables, no request", async () => {
    stackConfig({});
    const from = h.server.requests.length;
    const [only, ...rest] = await reasons();
    expect(rest).toEqual([]);
    expect(only).toMatch(/^\|pulumi-uptime is not configured: missing the service URL/);
    for (const s of ["uptime:baseUrl", "UPTIME_BASE_URL", "uptime:apiKey", "UPTIME_API_KEY"]) expect(only).toContain(s);
    expect(h.server.requests.length).toBe(from);
  });

  it("a URL without scheme is named by the setting that gave it: stack config or environment", async () => {
    stackConfig({ "uptime:baseUrl": "uptime.example.com", "uptime:apiKey": "k" });
    expect(await reasons()).toEqual([
      '|uptime:baseUrl has no scheme: "uptime.example.com"; write it with http:// or https://, e.g. https://uptime.example.com.',
    ]);
    stackConfig({ "uptime:apiKey": "k" }, { UPTIME_BASE_URL: "localhost:8080" });
    expect(await reasons()).toEqual([
      '|UPTIME_BASE_URL has no scheme: "localhost:8080"; write it with http:// or https://, e.g. https://uptime.example.com.',
    ]);
  });

  it("an unknown time zone fails the check of monitors and incidents alike", async () => {
    stackConfig({ "uptime:baseUrl": h.server.url, "uptime:apiKey": "k", "uptime:timeZone": "Mars/Olympus" });
    const from = h.server.requests.length;
    expect(await reasons()).toEqual([
      '|uptime:timeZone is not a known IANA time zone: "Mars/Olympus"; use a name such as Europe/Berlin, or UTC (the default).',
    ]);
    const r = await incident.check({}, { monitorId: 1, startedAt: "2026-01-01T00:00:00", __resourceName: "i" });
    expect(r.failures?.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^uptime:timeZone is not a known IANA time zone/),
    ]);
    expect(h.server.requests.length).toBe(from);
  });

  it("a wrong key fails every check after one request, naming the setting and never the key", async () => {
    stackConfig({ "uptime:baseUrl": h.server.url, "uptime:apiKey": "wrong-key-4711" });
    const from = h.server.requests.length;
    const all = await Promise.all(Array.from({ length: 12 }, (_, i) => reasons({ ...declared, name: `S${i}` })));
    expect(h.server.requests.length - from).toBe(1);
    for (const r of all) {
      expect(r).toHaveLength(1);
      expect(r[0]).toMatch(/^\|the service did not accept the API key from uptime:apiKey \(401/);
      expect(r[0]).not.toContain("wrong-key-4711");
    }
    stackConfig({ "uptime:baseUrl": h.server.url }, { UPTIME_API_KEY: "wrong-key-4711" });
    expect((await reasons())[0]).toMatch(
      /API key from UPTIME_API_KEY \(401.*Set the right key in the UPTIME_API_KEY environment variable/,
    );
  });

  it("a refused connection names the host, the port and uptime:baseUrl", async () => {
    const port = await closedPort();
    stackConfig({ "uptime:baseUrl": `http://127.0.0.1:${port}`, "uptime:apiKey": "k" });
    const [r] = await reasons();
    expect(r).toContain(`connection refused by 127.0.0.1:${port}`);
    expect(r).toContain(`Check uptime:baseUrl ("http://127.0.0.1:${port}")`);
  });

  it("a proxy with nothing listening fails the check naming uptime:proxyUrl, never its password", async () => {
    const port = await closedPort();
    stackConfig({
      "uptime:baseUrl": h.server.url,
      "uptime:apiKey": "k",
      "uptime:maxRetries": "0",
      "uptime:proxyUrl": `http://user:pw-secret-1@127.0.0.1:${port}`,
    });
    const [r, ...rest] = await reasons();
    expect(rest).toEqual([]);
    expect(r).toContain(
      `|GET /api/v1/monitors: no response: could not connect to the proxy http://127.0.0.1:${port} (from uptime:proxyUrl): nothing is listening there (ECONNREFUSED).`,
    );
    expect(r).not.toContain("pw-secret-1");
  });

  it("a malformed proxy URL or CA fails the check before any request", async () => {
    const from = h.server.requests.length;
    stackConfig({ "uptime:baseUrl": h.server.url, "uptime:apiKey": "k", "uptime:caCertificates": "/nowhere/ca.pem" });
    expect(await reasons()).toEqual([
      '|uptime:caCertificates is neither PEM text nor a readable file: "/nowhere/ca.pem" (ENOENT); give PEM text (-----BEGIN CERTIFICATE----- ...) or the path of a readable PEM file.',
    ]);
    stackConfig({
      "uptime:baseUrl": h.server.url,
      "uptime:apiKey": "k",
      "uptime:proxyUrl": "u:pw-secret-2@proxy:3128",
    });
    const [r] = await reasons();
    expect(r).toMatch(/^\|uptime:proxyUrl must start with http:\/\/ or https:\/\//);
    expect(r).not.toContain("pw-secret-2");
    expect(h.server.requests.length).toBe(from);
  });

  it("working settings pass with one request for every check of the process", async () => {
    h.reconfigure();
    const from = h.server.requests.length;
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => monitor.check({}, { ...declared, name: `Ok${i}` })),
    );
    expect(results.map((r) => r.failures)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    await incident.check({}, { monitorId: 1, startedAt: "2026-01-01T00:00:00", __resourceName: "i" });
    expect(h.server.requests.length - from).toBe(1);
  });
});
