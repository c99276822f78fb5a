/**
 * `npm run demo`, the main job: starts the local server on a data directory, runs
 * `pulumi up` of the root program and prints what exists. Run twice, the second run
 * changes nothing and says so (the data directory and the state survive between runs).
 */
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..", "..");
mkdirSync(join(ROOT, "test", "e2e", ".work"), { recursive: true });
const dir = mkdtempSync(join(ROOT, "test", "e2e", ".work", "demo-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function demo(): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(ROOT, "dist", "demo", "run.js")], {
    cwd: ROOT,
    env: { ...process.env, UPTIME_DEMO_DIR: dir, UPTIME_BASE_URL: "", UPTIME_API_KEY: "" },
    timeout: 240_000,
  });
  return stdout;
}

describe("npm run demo", () => {
  it("creates the root program's monitors and incident, and prints them", async () => {
    const out = await demo();
    expect(out).toMatch(/\+ 5 created/);
    expect(out).toMatch(/API health\s+pending\s+60s/);
    expect(out).toMatch(/API health\s+resolved\s+2026-03-02T09:14:00/);
  });

  it("changes nothing the second time, and says so", async () => {
    const out = await demo();
    expect(out).toContain("Nothing to change: the service already matches the program.");
    expect(out).not.toMatch(/created|updated|deleted/);
    expect(out).toMatch(/Home page\s+pending\s+300s/);
  });

  it("leaves no stack config file in the checkout", () => {
    expect(existsSync(join(ROOT, "Pulumi.demo.yaml"))).toBe(false);
  });
});
