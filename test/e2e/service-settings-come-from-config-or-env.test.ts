/**
 * Where the provider process finds the service under the engine, and configuration that
 * cannot work failing at `preview`: without `uptime:baseUrl` and `uptime:apiKey` (nor
 * UPTIME_BASE_URL / UPTIME_API_KEY), preview fails naming both ways to set each, with no
 * request anywhere; a URL without scheme and an unknown time zone fail naming the setting
 * the user set (stack config or environment variable); a wrong key fails preview after at
 * most one request; a refused connection names host, port and `uptime:baseUrl`. With only
 * the environment variables, it works.
 */
import { closedPort } from "../support/closed-port";
import { describe, expect, it } from "vitest";
import { E2EStack, failed, ok } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";

describe("service settings", () => {
  // A stack without the server's settings: the first test needs them missing.
  const e2e = lifecycleStack({
    stack: () => E2EStack.create({ project: "lifecycle", config: { "fixture:withIncident": "false" } }),
  });

  it("missing: preview fails naming the config keys and the environment variables", async () => {
    const preview = failed(await e2e.stack.preview());
    for (const hint of ["uptime:baseUrl", "uptime:apiKey", "UPTIME_BASE_URL", "UPTIME_API_KEY"])
      expect(preview.output).toContain(hint);
    expect(preview.output).toMatch(/Monitor resource '(api|web)' has a problem: pulumi-uptime is not configured/);
    expect(e2e.srv.server.requests).toEqual([]);
  });

  it("a URL without scheme fails preview naming the setting it came from", async () => {
    await e2e.stack.setConfig("uptime:baseUrl", e2e.srv.url.replace(/^http:\/\//, ""));
    await e2e.stack.setConfig("uptime:apiKey", e2e.srv.apiKey, true);
    const fromConfig = failed(await e2e.stack.preview());
    expect(fromConfig.output).toMatch(
      /has a problem: uptime:baseUrl has no scheme: "127\.0\.0\.1:\d+"; write it with http:\/\/ or https:\/\//,
    );
    await e2e.stack.mustRun(["config", "rm", "uptime:baseUrl", "--stack", e2e.stack.stack]);
    e2e.stack.setEnv("UPTIME_BASE_URL", e2e.srv.url.replace(/^http:\/\//, ""));
    const fromEnv = failed(await e2e.stack.preview());
    expect(fromEnv.output).toMatch(/has a problem: UPTIME_BASE_URL has no scheme/);
    expect(e2e.srv.server.requests).toEqual([]);
    e2e.stack.setEnv("UPTIME_BASE_URL", undefined);
  });

  it("an unknown time zone fails preview naming uptime:timeZone", async () => {
    await e2e.stack.setConfig("uptime:baseUrl", e2e.srv.url);
    await e2e.stack.setConfig("uptime:timeZone", "Europe/Atlantis");
    const preview = failed(await e2e.stack.preview());
    expect(preview.output).toMatch(/has a problem: uptime:timeZone is not a known IANA time zone: "Europe\/Atlantis"/);
    expect(e2e.srv.server.requests).toEqual([]);
    await e2e.stack.mustRun(["config", "rm", "uptime:timeZone", "--stack", e2e.stack.stack]);
  });

  it("a wrong key fails preview after at most one request, naming uptime:apiKey", async () => {
    await e2e.stack.setConfig("uptime:apiKey", "e2e-wrong-key-0815", true);
    const from = e2e.srv.server.requests.length;
    const preview = failed(await e2e.stack.preview());
    expect(preview.output).toMatch(/has a problem: the service did not accept the API key from uptime:apiKey \(401/);
    expect(preview.output).not.toContain("e2e-wrong-key-0815");
    expect(e2e.srv.server.requests.length - from).toBe(1);
    expect(e2e.srv.server.writeCount()).toBe(0);
  });

  it("a refused connection fails preview naming host, port and uptime:baseUrl", async () => {
    const port = await closedPort();
    await e2e.stack.setConfig("uptime:baseUrl", `http://127.0.0.1:${port}`);
    const preview = failed(await e2e.stack.preview());
    expect(preview.output).toContain(`connection refused by 127.0.0.1:${port}`);
    expect(preview.output).toContain(`Check uptime:baseUrl ("http://127.0.0.1:${port}")`);
    for (const key of ["uptime:baseUrl", "uptime:apiKey"])
      await e2e.stack.mustRun(["config", "rm", key, "--stack", e2e.stack.stack]);
  });

  it("from the environment only: up works", async () => {
    e2e.stack.setEnv("UPTIME_BASE_URL", e2e.srv.url);
    e2e.stack.setEnv("UPTIME_API_KEY", e2e.srv.apiKey);
    ok(await e2e.stack.up());
    expect((await e2e.srv.api.monitors()).map((m) => m.name).sort()).toEqual(["e2e api", "e2e web"]);
    ok(await e2e.stack.preview(["--expect-no-changes"]));
    ok(await e2e.stack.destroy());
    expect(await e2e.srv.api.monitors()).toEqual([]);
  });
});
