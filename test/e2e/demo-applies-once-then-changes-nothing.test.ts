/**
 * `npm run demo`, the main job: serves a small site on 127.0.0.1, starts the local server
 * on a data directory, runs `pulumi up` of the root program, checks every monitor once
 * and prints what exists: the healthy page online, the failing endpoint offline with the
 * incident its check opened. Run twice, the second run changes nothing and says so (the
 * data directory, the state and the site's port survive between runs), and the check
 * opens no second incident.
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

const DOWN =
  'API health\\s+offline\\s+60s\\s+503 Service Unavailable, text "ok" not found\\s+\\d+ms\\s+http://127\\.0\\.0\\.1:(\\d+)/api/health';
const UP = "Home page\\s+online\\s+300s\\s+200 OK\\s+\\d+ms\\s+http://127\\.0\\.0\\.1:(\\d+)";
const OPENED =
  /API health\s+unresolved\s+\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\s+-\s+503 Service Unavailable, text "ok" not found/g;
const PAST = /API health\s+resolved\s+2026-03-02T09:14:00\s+2026-03-02T09:41:00\s+primary database failover/;

describe("npm run demo", () => {
  let port = "";

  it("creates the root program's monitors and incident, checks them and prints one online, one offline with its incident", async () => {
    const out = await demo();
    expect(out).toMatch(/\+ 4 created/);
    expect(out).toMatch(/Checked 2 monitors of http:\/\/127\.0\.0\.1:\d+: 1 up, 1 down\./);
    const down = new RegExp(DOWN).exec(out);
    const up = new RegExp(UP).exec(out);
    expect(down, out).not.toBeNull();
    expect(up, out).not.toBeNull();
    // Both monitors point at the demo's own site on loopback.
    expect(down![1]).toBe(up![1]);
    port = down![1];
    expect(out.match(OPENED), out).toHaveLength(1);
    expect(out).toMatch(PAST);
  });

  it("changes nothing the second time, says so, and opens no second incident", async () => {
    const out = await demo();
    expect(out).toContain("Nothing to change: the service already matches the program.");
    expect(out).not.toMatch(/created|updated|deleted/);
    // Same site, same URLs: that is why nothing changed.
    expect(new RegExp(DOWN).exec(out)?.[1]).toBe(port);
    expect(new RegExp(UP).exec(out)?.[1]).toBe(port);
    expect(out.match(OPENED), out).toHaveLength(1);
    expect(out).toMatch(PAST);
  });

  it("leaves no stack config file in the checkout", () => {
    expect(existsSync(join(ROOT, "Pulumi.demo.yaml"))).toBe(false);
  });
});
