/**
 * `pulumi-uptime test --stack` on a YAML program whose monitors come from a
 * `ServiceMonitors` (the plugin's Construct): the planned children are the monitors it
 * checks, by their conventional names, against a target on loopback; the component itself
 * is not one.
 */
import { describe, expect, it } from "vitest";
import { E2EStack, pulumiEnv } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { yamlProject } from "./yaml-project";
import { startTarget } from "../support/targets";
import { fileFixture } from "../support/file-fixture";
import { byName, runTestCommand } from "../cli/helpers";

const program = (baseUrl: string) =>
  yamlProject(
    "e2e-test-service-monitors",
    `resources:
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
`,
  );

describe("pulumi-uptime test --stack with a ServiceMonitors", () => {
  // The target first: the stack's program names its URL.
  const target = fileFixture(async () => {
    const t = await startTarget();
    t.healthy("ok: all systems operational");
    return t;
  });
  const e2e = lifecycleStack({
    stack: (server) =>
      E2EStack.create({ project: "test-service-monitors", files: { "Pulumi.yaml": program(target.url) }, server }),
  });

  it("checks each planned child by its conventional name, and only the children", async () => {
    const r = await runTestCommand(
      ["--stack", e2e.stack.stack, "--json"],
      e2e.stack.dir,
      pulumiEnv(e2e.stack.home, e2e.stack.backendDir),
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
