import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportFrom, seededServer, TS_SECRET_READS } from "./helpers";
import { compileTypeScript, writeTsconfig } from "../support/typescript-program";

const WORK = join(__dirname, ".work");

describe("the TypeScript export", () => {
  let env: Awaited<ReturnType<typeof seededServer>>;
  let program: string;
  beforeAll(async () => {
    env = await seededServer();
    const run = await exportFrom(env.server, ["--format", "ts", "--per-page", "10"]);
    expect(run.code).toBe(0);
    program = run.stdout;
  });
  afterAll(() => env.close());

  it("compiles as a user's program (strict, no unused locals) against the package", () => {
    mkdirSync(WORK, { recursive: true });
    const dir = mkdtempSync(join(WORK, "ts-"));
    try {
      writeFileSync(join(dir, "index.ts"), program);
      writeTsconfig(dir, { noEmit: true, noUnusedLocals: true, types: ["node"] });
      expect(() => compileTypeScript(dir)).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("declares one Monitor per monitor under a slug of its name, each with adopt: true", () => {
    const names = [...program.matchAll(/^new uptime\.Monitor\("([^"]+)", \{$/gm)].map((m) => m[1]);
    expect(names).toHaveLength(30);
    expect(names.slice(0, 6)).toEqual([
      "api-health",
      "api-health-2",
      "api-health-3",
      "cafe-menu",
      "monitor-5",
      "admin-basic-auth",
    ]);
    expect(program.match(/^ {4}adopt: true,$/gm)).toHaveLength(30);
  });

  it("writes every field the service holds, escaped, and notes what Pulumi will keep secret", () => {
    expect(program).toContain('    name: "Quotes \\"and\\" \\\\ backslashes",');
    expect(program).toContain('    alertCondition: "url_no_text",\n    alertTextLookup: "ok",');
    expect(program).toContain(
      '    maintenanceStartAt: "2030-01-05T02:00:00",\n    maintenanceEndAt: "2030-01-05T04:00:00",',
    );
    expect(program).toContain("    sslAlertDays: 14,\n    domainAlertDays: 30,");
    expect(program).toContain(
      "// Maintenance windows are wall time in UTC: the stack's uptime:timeZone\n// must say the same (UTC is its default), or `pulumi up` would move them.",
    );
    for (const line of TS_SECRET_READS) expect(program).toContain(line);
    expect(program).not.toContain("T0K3N");
    expect(program).toContain("// alert and header values come from secret config and are stored as secrets in state.");
    expect(program).toMatch(/\/\/ "Paused one" \(id \d+\)\n\/\/ Paused on the service\./);
  });
});
