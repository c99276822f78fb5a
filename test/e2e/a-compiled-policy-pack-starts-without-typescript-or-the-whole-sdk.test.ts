/**
 * Every preview with the pack waits for the pack's process to start. policy/PulumiPolicy.yaml
 * sets `typescript: false` (the pack is compiled), which the Node.js host built here honours by
 * starting the pack without TypeScript (run-compiled-policy-pack.js; Pulumi's own entry always
 * loads it), and the pack defers the policy SDK's load of the whole @pulumi/pulumi index.
 * A probe preloaded into the pack's process reports what it had loaded when it began to serve;
 * a pack that throws while loading fails the preview with its error, as under Pulumi's entry.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { failed, ok } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { servePack } from "../policy/fixtures";
const THROWING_PACK = join(__dirname, "fixtures", "policy-pack-that-throws");
import { policyReport, previewWithPolicy } from "./policy-pack";

const PROBE = join(__dirname, "pack-start-probe.cjs");
const scratch = mkdtempSync(join(tmpdir(), "pack-start-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface ProbeReport {
  entry: string;
  typescript: boolean;
  automation: boolean;
}

const probeEnv = (file: string) => ({ NODE_OPTIONS: `--require ${PROBE}`, UPTIME_PACK_PROBE: file });

describe("the policy pack's start", () => {
  const underEngine = join(scratch, "under-engine.json");
  const e2e = lifecycleStack({ stack: { project: "policy-yaml", env: probeEnv(underEngine) } });

  it("under the engine, starts without TypeScript or the SDK's automation API, and still judges", async () => {
    const r = ok(await previewWithPolicy(e2e.stack, { all: "advisory" }));
    // The pack ran: the fixture's http: URL is reported (advisory, so the preview passes).
    expect(policyReport(r.output)).toMatch(/\[advisory\]\s+uptime-https-only\s+\(uptime:index:Monitor: checkout\)/);
    const report = JSON.parse(readFileSync(underEngine, "utf8")) as ProbeReport;
    expect(report.entry).toMatch(/[\\/]\.tools[\\/]pulumi[\\/]bin[\\/]run-compiled-policy-pack\.js$/);
    expect(report.typescript).toBe(false);
    expect(report.automation).toBe(false);
  });

  it("started by Pulumi's own entry, the same pack loads TypeScript (what the probe would see)", async () => {
    const direct = join(scratch, "direct.json");
    const pack = await servePack(probeEnv(direct));
    // Serving is all the probe waits for; then the pack is stopped, as the engine stops it.
    pack.stop();
    const report = JSON.parse(readFileSync(direct, "utf8")) as ProbeReport;
    expect(report.entry).toMatch(/[\\/]cmd[\\/]run-policy-pack[\\/]index\.js$/);
    expect(report.typescript).toBe(true);
    // The deferred SDK index does not depend on the entry.
    expect(report.automation).toBe(false);
  });

  it("a pack that throws while loading fails the preview with its error, started the same way", async () => {
    const r = failed(await e2e.stack.preview(["--policy-pack", THROWING_PACK]));
    expect(r.output).toContain("Error: the pack could not load: rules/missing.js");
    // Started through the launcher (its frame is in the stack), which exits as the SDK's entry
    // does when the error was already reported: 32, so the engine adds only its own line.
    expect(r.output).toMatch(/at .*[\\/]\.tools[\\/]pulumi[\\/]bin[\\/]run-compiled-policy-pack\.js:\d+/);
    expect(r.output).toMatch(/error: policy pack ".*policy-pack-that-throws" failed to start: .*exit status 32/);
  });
});
