/**
 * Each command that talks to the service, given no API key, fails before any request with
 * one message (runtime/config.ts) naming every way that command takes the key: its flag,
 * the stack config where it reads one, and the environment variable.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runAudit } from "../../src/cli/audit";
import { runExport } from "../../src/cli/export";
import { runMaintenance } from "../../src/cli/maintenance";
import type { CliIo } from "../../src/util/command-line";
import { missingSettingsMessage } from "../../src/runtime/config";

type Runner = (argv: string[], io: CliIo) => Promise<number>;

/** Runs `command` in an empty directory (no project, so no stack config) with only a service URL set. */
async function withoutKey(command: Runner, argv: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = "";
  const code = await command(argv, {
    stdout: { write: () => true },
    stderr: { write: (c: string) => (stderr += c) },
    // A closed port: were a request sent, the message would be a connection error instead.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, UPTIME_BASE_URL: "http://127.0.0.1:9" },
    cwd: mkdtempSync(join(tmpdir(), "uptime-no-key-")),
  });
  return { code, stderr };
}

const CONFIG = "run `pulumi config set --secret uptime:apiKey <key>`";

describe("a missing API key", () => {
  it.each<[string, Runner, string[], string, number]>([
    ["maintenance", runMaintenance, ["start", "--search", "web", "--for", "1h"], `pass --api-key KEY, ${CONFIG}`, 2],
    ["export", runExport, [], `pass --api-key KEY, ${CONFIG}`, 2],
    ["audit", runAudit, [], "pass --api-key KEY", 2],
  ])("%s names --api-key, its other ways and UPTIME_API_KEY", async (name, command, argv, ways, code) => {
    const r = await withoutKey(command, argv);
    expect(r.stderr).toBe(
      `pulumi-uptime ${name}${name === "maintenance" ? " start" : ""}: pulumi-uptime is not configured: ` +
        `missing the API key: ${ways} or set UPTIME_API_KEY.\n`,
    );
    expect(r.code).toBe(code);
  });

  it("names a missing service URL with its flag too, and the providers' message is unchanged", () => {
    expect(missingSettingsMessage(["baseUrl", "apiKey"], { flags: true, config: false })).toBe(
      "pulumi-uptime is not configured: missing the service URL: pass --base-url URL or set UPTIME_BASE_URL; " +
        "and the API key: pass --api-key KEY or set UPTIME_API_KEY.",
    );
    expect(missingSettingsMessage(["apiKey"])).toBe(
      `pulumi-uptime is not configured: missing the API key: ${CONFIG} or set UPTIME_API_KEY.`,
    );
  });
});
