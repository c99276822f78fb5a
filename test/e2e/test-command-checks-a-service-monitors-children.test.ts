/**
 * `pulumi-uptime test --stack` on a YAML program whose monitors come from a
 * `ServiceMonitors` (the plugin's Construct): the planned children are the monitors it
 * checks, by their conventional names, against a target on loopback; the component itself
 * is not one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, pulumiEnv } from "./harness";
import { startE2EServer, type E2EServer } from "./api";
import { startTarget, type Target } from "../support/targets";
import { byName, runTestCommand } from "../cli/helpers";

const program = (baseUrl: string) => `name: e2e-test-service-monitors
runtime: yaml
plugins:
  providers:
    - name: uptime
      path: ../../../../dist/plugin
resources:
  shop:
    type: uptime:index:ServiceMonitors
    properties:
      service: shop
      baseUrl: ${baseUrl}
      interval: 300
      checks:
        health:
          path: /health
          expectText: ok
        broken:
          path: /status
          forbidText: operational
`;

describe("pulumi-uptime test --stack with a ServiceMonitors", () => {
  let srv: E2EServer;
  let target: Target;
  let stack: E2EStack;
  beforeAll(async () => {
    srv = await startE2EServer();
    target = await startTarget();
    target.healthy("ok: all systems operational");
    stack = await E2EStack.create({
      project: "test-service-monitors",
      files: { "Pulumi.yaml": program(target.url) },
      server: srv,
    });
  });
  afterAll(async () => {
    stack?.dispose();
    await target?.close();
    await srv?.close();
  });

  it("checks each planned child by its conventional name, and only the children", async () => {
    const r = await runTestCommand(
      ["--stack", stack.stack, "--json"],
      stack.dir,
      pulumiEnv(stack.home, stack.backendDir),
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(1);
    const results = byName(r.stdout);
    expect(Object.keys(results).sort()).toEqual(["e2e/shop/broken", "e2e/shop/health"]);
    expect(results["e2e/shop/health"]).toMatchObject({ outcome: "pass", url: `${target.url}/health` });
    expect(results["e2e/shop/broken"]).toMatchObject({ outcome: "alert", url: `${target.url}/status` });
    expect(target.requests.map((q) => q.url).sort()).toEqual(["/health", "/status"]);
  });
});
