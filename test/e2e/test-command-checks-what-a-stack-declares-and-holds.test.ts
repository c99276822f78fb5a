/**
 * `pulumi-uptime test --stack` under the real engine: the monitors a program declares, as
 * `pulumi preview` sees them, for a YAML program (through the provider plugin) and a
 * JavaScript program (the dynamic provider). A monitor whose URL is unknown until deploy
 * is skipped; the others are checked against targets on loopback. After `up`,
 * `test --deployed --stack` checks the monitors in the stack's state. A secret header value
 * is sent to its target and never printed. Then `verify --stack` waits for the checking
 * local server to check the monitors the update created and fails naming the offline one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, ok, pulumiEnv } from "./harness";
import { startE2EServer, type E2EServer } from "./api";
import { startTarget, type Target } from "../support/targets";
import { byName, runTestCommand } from "../cli/helpers";
import { runVerify } from "../../src/cli/verify";

/** `pulumi-uptime test` (in this process) in the stack's directory, with its engine environment. */
function testIn(stack: E2EStack, args: string[]) {
  return runTestCommand(
    [...args, "--stack", stack.stack, "--json"],
    stack.dir,
    pulumiEnv(stack.home, stack.backendDir),
  );
}

const yamlProgram = (goodUrl: string, badUrl: string) => `name: e2e-test-command
runtime: yaml
plugins:
  providers:
    - name: uptime
      path: ../../../../dist/plugin
config:
  probeToken:
    type: string
    secret: true
resources:
  good:
    type: uptime:index:Monitor
    properties:
      name: e2e test good
      url: ${goodUrl}/health
      interval: 60
      alertCondition: url_no_text
      alertTextLookup: ok
      requestHeaders:
        - key: X-Probe-Token
          value: \${probeToken}
  bad:
    type: uptime:index:Monitor
    properties:
      name: e2e test bad
      url: ${badUrl}/
      interval: 60
  later:
    type: uptime:index:Monitor
    properties:
      name: e2e test later
      url: ${goodUrl}/by-id/\${good.monitorId}
      interval: 300
`;

describe("pulumi-uptime test with a stack", () => {
  let srv: E2EServer;
  let good: Target, bad: Target;
  const token = `probe-token-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    srv = await startE2EServer({ checks: true });
    [good, bad] = await Promise.all([startTarget(), startTarget()]);
    good.healthy('{"status":"ok"}');
    bad.failing(503);
  });
  afterAll(async () => {
    await Promise.all([good?.close(), bad?.close(), srv?.close()]);
  });

  it("a YAML program: preview's monitors, the unknown URL skipped; after up, the state's", async () => {
    const stack = await E2EStack.create({
      project: "test-command-yaml",
      files: { "Pulumi.yaml": yamlProgram(good.url, bad.url) },
      server: srv,
      config: { probeToken: { value: token, secret: true } },
    });
    try {
      const before = good.requests.length;
      const previewed = await testIn(stack, []);
      expect(previewed.stderr).toBe("");
      expect(previewed.code).toBe(1);
      const p = byName(previewed.stdout);
      expect(p["e2e test good"]).toMatchObject({ outcome: "pass", url: `${good.url}/health` });
      expect(p["e2e test bad"]).toMatchObject({ outcome: "alert", reason: "503 Service Unavailable" });
      expect(p["e2e test later"]).toMatchObject({ outcome: "skipped", reason: "url: unknown until deploy" });
      // The secret header went to its target, and nowhere in the output.
      expect(good.requests.slice(before).map((r) => r.headers["x-probe-token"])).toEqual([token]);
      expect(previewed.stdout).not.toContain(token);

      ok(await stack.up());
      const id = (await srv.api.monitorNamed("e2e test good")).id;
      const deployed = await testIn(stack, ["--deployed"]);
      expect(deployed.code).toBe(1);
      const d = byName(deployed.stdout);
      expect(d["e2e test good"]).toMatchObject({ outcome: "pass" });
      expect(d["e2e test bad"]).toMatchObject({ outcome: "alert", reason: "503 Service Unavailable" });
      expect(d["e2e test later"]).toMatchObject({ outcome: "pass", url: `${good.url}/by-id/${id}` });
      expect(deployed.stdout).not.toContain(token);

      // verify: nothing is checked yet, so it waits; one round of the service's checks settles it.
      let out = "";
      const verifying = runVerify(["--stack", stack.stack, "--interval", "1", "--within", "60s"], {
        stdout: { write: (c: string) => (out += c) },
        stderr: { write: (c: string) => (out += c) },
        env: pulumiEnv(stack.home, stack.backendDir),
        cwd: stack.dir,
      });
      await new Promise((r) => setTimeout(r, 3000));
      await srv.server.runChecks();
      const code = await verifying;
      expect(out).toMatch(/^ok {6}e2e test good \(good, id \d+\): online: 200 OK, text "ok" found$/m);
      expect(out).toMatch(/^FAILED {2}e2e test bad \(bad, id \d+\): offline: 503 Service Unavailable$/m);
      expect(out).toMatch(/^ok {6}e2e test later \(later, id \d+\): online: 200 OK$/m);
      expect(out).toMatch(/1 of 3 monitors failed verification/);
      expect(code).toBe(1);
    } finally {
      stack.dispose();
    }
  });

  it("a JavaScript program (dynamic provider): preview's monitors are checked", async () => {
    const stack = await E2EStack.create({
      project: "checked",
      server: srv,
      config: {
        "fixture:apiUrl": `${good.url}/health`,
        "fixture:webUrl": `${bad.url}/`,
        "fixture:webIncidentStartedAt": "2024-01-01T00:00:00",
      },
    });
    try {
      const r = await testIn(stack, []);
      expect(r.stderr).toBe("");
      const results = byName(r.stdout);
      expect(results["checked api"]).toMatchObject({ outcome: "pass", reason: '200 OK, text "ok" found' });
      expect(results["checked web"]).toMatchObject({ outcome: "alert", reason: "503 Service Unavailable" });
      expect(r.code).toBe(1);
    } finally {
      stack.dispose();
    }
  });
});
