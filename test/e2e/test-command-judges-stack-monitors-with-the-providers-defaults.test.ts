/**
 * `pulumi-uptime test --stack` and `--deployed --stack` judge a monitor with what the
 * provider's `defaults` give it, under the real engine: a YAML program's monitor declares no
 * header, the stack's `uptime:defaults` gives it the Authorization header a Basic-auth target
 * wants (a secret), and both sources pass it, printing the value nowhere.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { E2EStack, ok, pulumiEnv } from "./harness";
import { startE2EServer, type E2EServer } from "./api";
import { startTarget, type Target } from "../support/targets";
import { byName, runTestCommand } from "../cli/helpers";

const program = (url: string) => `name: e2e-test-defaults
runtime: yaml
plugins:
  providers:
    - name: uptime
      path: ../../../../dist/plugin
resources:
  api:
    type: uptime:index:Monitor
    properties:
      name: e2e defaults api
      url: ${url}/health
      interval: 60
`;

let srv: E2EServer;
let auth: Target;
beforeAll(async () => {
  srv = await startE2EServer();
  auth = await startTarget();
  auth.set({ kind: "basic-auth", username: "probe", password: "stack-d3fault" });
});
afterAll(async () => {
  await Promise.all([auth?.close(), srv?.close()]);
});

it("a header from uptime:defaults reaches the check, from the preview and from the state", async () => {
  const stack = await E2EStack.create({
    project: "test-command-defaults",
    files: { "Pulumi.yaml": program(auth.url) },
    server: srv,
  });
  const header = `Basic ${Buffer.from("probe:stack-d3fault").toString("base64")}`;
  const run = (args: string[]) =>
    runTestCommand([...args, "--stack", stack.stack, "--json"], stack.dir, pulumiEnv(stack.home, stack.backendDir));
  try {
    const without = await run([]);
    expect(byName(without.stdout)["e2e defaults api"]).toMatchObject({ outcome: "alert", reason: "401 Unauthorized" });
    await stack.setConfig("uptime:defaults.requestHeaders[0].key", "Authorization", false, true);
    await stack.setConfig("uptime:defaults.requestHeaders[0].value", header, true, true);
    const previewed = await run([]);
    expect(byName(previewed.stdout)["e2e defaults api"]).toMatchObject({ outcome: "pass" });
    ok(await stack.up());
    const deployed = await run(["--deployed"]);
    expect(byName(deployed.stdout)["e2e defaults api"]).toMatchObject({ outcome: "pass" });
    expect(previewed.stdout + previewed.stderr + deployed.stdout + deployed.stderr).not.toContain(header.slice(6));
  } finally {
    stack.dispose();
  }
});
