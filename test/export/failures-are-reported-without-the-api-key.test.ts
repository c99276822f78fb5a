import { describe, expect, it } from "vitest";
import { exportFrom, seededServer } from "./helpers";
import { DEFAULT_API_KEY } from "../../src/server";
import { closedPort } from "../support/closed-port";
import { fileFixture } from "../support/file-fixture";

const KEY = "k3y-that-must-never-be-printed";

describe("a failed export", () => {
  const env = fileFixture(() => seededServer([{ name: "One", url: "https://one.example.com", interval: 60 }]));

  it("says the key was refused, without printing it, and exits 1", async () => {
    const run = await exportFrom(env.server, ["--api-key", KEY], { tty: true });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    // eslint-disable-next-line no-control-regex -- ESC [K, the clear-line sequence a terminal run writes
    expect(run.stderr).toMatch(/^(\r\x1b\[K)*pulumi-uptime export: .+/);
    expect(run.stderr).not.toContain(KEY);
  });

  it("names both ways to configure when nothing is set, and exits 2 as for bad usage", async () => {
    const run = await exportFrom(env.server, [], { env: {} });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("UPTIME_BASE_URL");
    expect(run.stderr).toContain("UPTIME_API_KEY");
  });

  it("refuses a malformed service URL before any request, exit 2", async () => {
    const run = await exportFrom(env.server, [], { env: { UPTIME_BASE_URL: "ftp://x", UPTIME_API_KEY: KEY } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("UPTIME_BASE_URL");
    expect(run.stderr).not.toContain(KEY);
  });

  it("names the proxy of UPTIME_PROXY_URL, not its password, when nothing listens there", async () => {
    const port = await closedPort();
    const run = await exportFrom(env.server, [], {
      env: {
        UPTIME_BASE_URL: env.server.url,
        UPTIME_API_KEY: DEFAULT_API_KEY,
        UPTIME_PROXY_URL: `http://u:pw-secret-3@127.0.0.1:${port}`,
      },
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `could not connect to the proxy http://127.0.0.1:${port} (from UPTIME_PROXY_URL): nothing is listening there (ECONNREFUSED)`,
    );
    expect(run.stderr).not.toContain("pw-secret-3");
  });

  it("refuses bad options with usage and exit code 2", async () => {
    const bad = await exportFrom(env.server, ["--format", "json"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('pulumi-uptime export: --format must be ts, yaml or import; got "json"');
    expect(bad.stderr).toContain("Usage: pulumi-uptime export");
    const perPage = await exportFrom(env.server, ["--per-page", "7"]);
    expect(perPage.code).toBe(2);
    expect(perPage.stderr).toContain("--per-page must be one of 10, 25, 50, 100");
  });
});
