import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportFrom, seededServer, variedMonitors } from "./helpers";
import { fileFixture } from "../support/file-fixture";

function listRequests(server: { requests: { method: string; path: string }[] }): number {
  return server.requests.filter((r) => r.method === "GET" && r.path === "/api/v1/monitors").length;
}

describe("export reads the whole account", () => {
  const env = fileFixture(() => seededServer());

  it("walks every page and declares every monitor once, oldest first", async () => {
    env.server.resetStats();
    const { code, stdout } = await exportFrom(env.server, ["--format", "yaml", "--per-page", "10"]);
    expect(code).toBe(0);
    expect(listRequests(env.server)).toBe(3);
    const names = variedMonitors().map((m) => m.name);
    const declared = [...stdout.matchAll(/^ {4}name: (.*)$/gm)].map((m) => m[1]);
    expect(declared).toHaveLength(30);
    expect(declared[0]).toBe("API health");
    expect(declared[29]).toBe("Service 29");
    for (const name of names.filter((n) => /^[A-Za-z ]+$/.test(n))) expect(declared).toContain(name);
  });
});

describe("export at the default page size", () => {
  let env: Awaited<ReturnType<typeof seededServer>>;
  beforeAll(async () => {
    env = await seededServer(
      Array.from({ length: 120 }, (_, i) => ({
        name: `Bulk ${String(i).padStart(3, "0")}`,
        url: `https://bulk${i}.example.com`,
        interval: 300 as const,
      })),
    );
  }, 120_000);
  afterAll(() => env.close());

  it("reads more than one page of 100", async () => {
    env.server.resetStats();
    const { code, stdout } = await exportFrom(env.server, ["--format", "ts"]);
    expect(code).toBe(0);
    expect(listRequests(env.server)).toBe(2);
    expect(stdout.match(/new uptime\.Monitor\(/g)).toHaveLength(120);
    expect(stdout).toContain('new uptime.Monitor("bulk-000", {');
    expect(stdout).toContain('new uptime.Monitor("bulk-119", {');
  });
});
