/**
 * Where the provider process finds the service under the engine: without `uptime:baseUrl`
 * and `uptime:apiKey` (nor UPTIME_BASE_URL / UPTIME_API_KEY), `up` fails naming both ways
 * to set each, with no request anywhere; with only the environment variables, it works.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, failed, ok } from "./harness";
import { startE2EServer, type E2EServer } from "./api";

describe("service settings", () => {
  let srv: E2EServer;
  let stack: E2EStack;

  beforeAll(async () => {
    srv = await startE2EServer();
    stack = await E2EStack.create({ project: "lifecycle", config: { "fixture:withIncident": "false" } });
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });

  it("missing: up fails naming the config keys and the environment variables", async () => {
    const up = failed(await stack.up());
    for (const hint of ["uptime:baseUrl", "uptime:apiKey", "UPTIME_BASE_URL", "UPTIME_API_KEY"]) expect(up.output).toContain(hint);
    expect(srv.server.requests).toEqual([]);
  });

  it("from the environment only: up works", async () => {
    stack.setEnv("UPTIME_BASE_URL", srv.url);
    stack.setEnv("UPTIME_API_KEY", srv.apiKey);
    ok(await stack.up());
    expect((await srv.api.monitors()).map((m) => m.name).sort()).toEqual(["e2e api", "e2e web"]);
    ok(await stack.preview(["--expect-no-changes"]));
    ok(await stack.destroy());
    expect(await srv.api.monitors()).toEqual([]);
  });
});
