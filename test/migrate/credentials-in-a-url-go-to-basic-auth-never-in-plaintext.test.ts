/**
 * A URL with a user and password in it (`https://user:pass@host/`) never lands in the
 * program or the report in plaintext: the user becomes the monitor's basic-auth user and
 * the password a secret config key, or, when the monitor sets its own authentication, the
 * report says the URL's credentials were not carried.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runMigrate } from "../../src/cli/migrate";
import { mapMonitors } from "../../src/migrate/map";
import type { MigrationReport } from "../../src/migrate/migration-report";
import { sourceMonitor } from "./helpers";

const PASSWORD = "url-pass-w0rd";
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Runs `migrate --from uptimerobot-csv` on `csv` into `language`: the exit code, the output and every file written. */
async function migrateCsv(csv: string, language: string) {
  const cwd = mkdtempSync(join(tmpdir(), "migrate-url-"));
  dirs.push(cwd);
  writeFileSync(join(cwd, "in.csv"), csv);
  let output = "";
  const write = (c: string) => (output += c);
  const code = await runMigrate(["--from", "uptimerobot-csv", "in.csv", "--language", language, "--out", "out"], {
    stdout: { write },
    stderr: { write },
    env: { PATH: process.env.PATH },
    cwd,
  });
  const out = join(cwd, "out");
  // Java's program is in Maven's source layout: every file, under every folder.
  const files = Object.fromEntries(
    readdirSync(out, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [join(e.parentPath, e.name).slice(out.length + 1), readFileSync(join(e.parentPath, e.name), "utf8")]),
  );
  return { code, output, files };
}

describe("a URL with credentials", () => {
  // The name is empty: the reader falls back to the URL, which must not bring the password along.
  const csv = `Friendly Name,URL,Type\n,https://probe:${PASSWORD}@secure.example.com/health,HTTP(s)\n`;

  it.each(["yaml", "typescript", "python", "go", "java", "csharp"])(
    "puts the user in basic auth and the password in secret config, in plaintext nowhere (%s)",
    async (language) => {
      const r = await migrateCsv(csv, language);
      const all = Object.values(r.files).join("\n") + r.output;
      expect(all).not.toContain(PASSWORD);
      expect(all).not.toContain("probe:");
      const report = JSON.parse(r.files["migration-report.json"]) as MigrationReport;
      expect(report.monitors[0]).toMatchObject({ outcome: "mapped", name: "https://secure.example.com/health" });
      expect(report.configKeys).toEqual([expect.objectContaining({ field: "requestAuthPassword", inInput: true })]);
      expect(all).toContain("https://secure.example.com/health");
      expect(r.code).toBe(0);
    },
  );

  it("keeps the monitor's own authentication and reports the URL's as not carried", () => {
    const m = mapMonitors({
      monitors: [
        sourceMonitor({
          url: `https://other:${PASSWORD}@site.example.com/`,
          auth: { scheme: "basic", username: "probe", password: "own" },
        }),
      ],
      others: [],
    });
    expect(m.monitors[0]).toMatchObject({
      outcome: "approximated",
      changes: ["the user and password in the URL are not carried: the monitor sets its own authentication"],
    });
    const args = Object.fromEntries(m.plan.monitors[0].args);
    expect(args).toMatchObject({ url: "https://site.example.com/", requestAuthUsername: "probe" });
    expect(JSON.stringify(m)).not.toContain(PASSWORD);
  });

  it("decodes a percent-encoded user and password", () => {
    const m = mapMonitors({
      monitors: [sourceMonitor({ url: "https://a%40b:p%3Aw@site.example.com/x?y=1" })],
      others: [],
    });
    expect(Object.fromEntries(m.plan.monitors[0].args)).toMatchObject({
      url: "https://site.example.com/x?y=1",
      requestAuthUsername: "a@b",
    });
    expect(m.configKeys.map((k) => k.inInput)).toEqual([true]);
  });
});
