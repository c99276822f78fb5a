import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { DEFAULT_API_KEY } from "../support/server";
import { exportFrom, seededServer } from "./helpers";
import { fileFixture } from "../support/file-fixture";
import { pulumiUptimeBin } from "../support/repo-root";

const BIN = pulumiUptimeBin();

describe("export's output on stderr", () => {
  const env = fileFixture(() => seededServer());

  it("shows page progress and a summary on a terminal", async () => {
    const { code, stderr } = await exportFrom(env.server, ["--format", "yaml", "--per-page", "10"], { tty: true });
    expect(code).toBe(0);
    expect(stderr).toContain("Reading monitors: page 1 of 3, 10 of 30");
    expect(stderr).toContain("Reading monitors: page 3 of 3, 30 of 30");
    expect(stderr).toContain("Exported 30 monitors.");
  });

  it("is empty when stderr is not a terminal", async () => {
    const { code, stdout, stderr } = await exportFrom(env.server, ["--format", "yaml", "--per-page", "10"], {
      tty: false,
    });
    expect(code).toBe(0);
    expect(stdout).toContain("monitors:");
    expect(stderr).toBe("");
  });

  it("is empty from the installed command in a pipe writing to stdout, and says what it wrote with --out", async () => {
    expect(existsSync(BIN), `${BIN} is missing: run \`npm run build\``).toBe(true);
    const run = promisify(execFile);
    const env2 = { ...process.env, UPTIME_BASE_URL: env.server.url, UPTIME_API_KEY: DEFAULT_API_KEY };
    const piped = await run(process.execPath, [BIN, "export", "--format", "ts"], { env: env2 });
    expect(piped.stderr).toBe("");
    expect(piped.stdout.match(/new uptime\.Monitor\(/g)).toHaveLength(30);

    const work = join(__dirname, ".work");
    mkdirSync(work, { recursive: true });
    const dir = mkdtempSync(join(work, "out-"));
    try {
      const toFile = await run(
        process.execPath,
        [BIN, "export", "--format", "yaml", "--out", join(dir, "monitors.yaml")],
        { env: env2 },
      );
      expect(toFile.stdout).toBe("");
      // Written to a file, it says what it wrote where (no progress: stderr is not a terminal).
      expect(toFile.stderr).toMatch(/^Wrote 30 monitors to \S+monitors\.yaml \(mode 0600\)\.\n/);
      expect(toFile.stderr).not.toContain("Reading monitors");
      expect(readFileSync(join(dir, "monitors.yaml"), "utf8")).toContain("adopt: true");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
