/**
 * A YAML program whose provider has no service URL or API key (no stack config, no
 * environment) fails at `preview`, before any resource is checked, naming both settings
 * and both ways to give them. A bad explicit setting is named too, without its value.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, failed, leaks } from "./harness";

describe("provider settings of a YAML program", () => {
  let stack: E2EStack;

  beforeAll(async () => {
    stack = await E2EStack.create({ project: "yaml-import" });
  });
  afterAll(() => stack?.dispose());

  it("missing ones fail the preview, naming the config keys and environment variables", async () => {
    const r = failed(await stack.preview());
    expect(r.output).toMatch(
      /pulumi-uptime is not configured: missing the service URL: run `pulumi config set uptime:baseUrl https:\/\/uptime\.example\.com` or set UPTIME_BASE_URL/,
    );
    expect(r.output).toMatch(/the API key: run `pulumi config set --secret uptime:apiKey <key>` or set UPTIME_API_KEY/);
  });

  it("a bad one is named with what it must be, and a key is never printed", async () => {
    await stack.setConfig("uptime:baseUrl", "uptime.example.com");
    await stack.setConfig("uptime:apiKey", "never-print-this-key", true);
    await stack.setConfig("uptime:timeZone", "Mars/Olympus");
    const r = failed(await stack.preview());
    expect(r.output).toMatch(/baseUrl: "uptime\.example\.com" is not a valid http or https URL/);
    expect(r.output).toMatch(/timeZone: "Mars\/Olympus" is not a time zone name/);
    expect(leaks(stack.allOutput(), ["never-print-this-key"])).toEqual([]);
  });
});
