import { describe, expect, it } from "vitest";
import { exportFrom, seededServer } from "./helpers";
import { fileFixture } from "../support/file-fixture";

const KEY = "k3y-that-must-never-be-printed";

describe("a failed export", () => {
  const env = fileFixture(() => seededServer([{ name: "One", url: "https://one.example.com", interval: 60 }]));

  it("says the key was refused, without printing it, and exits 1", async () => {
    const run = await exportFrom(env.server, ["--api-key", KEY], { tty: true });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^(\r\x1b\[K)*pulumi-uptime export: .+/);
    expect(run.stderr).not.toContain(KEY);
  });

  it("names both ways to configure when nothing is set", async () => {
    const run = await exportFrom(env.server, [], { env: {} });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("UPTIME_BASE_URL");
    expect(run.stderr).toContain("UPTIME_API_KEY");
  });

  it("refuses bad options with usage and exit code 2", async () => {
    const bad = await exportFrom(env.server, ["--format", "json"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('pulumi-uptime export: --format must be ts or yaml; got "json"');
    expect(bad.stderr).toContain("Usage: pulumi-uptime export");
    const perPage = await exportFrom(env.server, ["--per-page", "7"]);
    expect(perPage.code).toBe(2);
    expect(perPage.stderr).toContain("--per-page must be one of 10, 25, 50, 100");
  });
});
