/**
 * Under the REAL Pulumi engine: a program written by `pulumi-uptime export`, run with
 * `pulumi up` right after the export, takes over every monitor and changes nothing on
 * the service. The only writes allowed are the basic-auth passwords, which the service
 * never returns and so are always written (with the value the user set in config).
 * Then `preview --expect-no-changes` passes with no write at all.
 *
 * Alert and header values are secret config placeholders in the written file: the export,
 * run again in the stack's directory with `--set-secrets`, stores the values the service
 * returned in the stack's config (the test sets only the passwords).
 *
 * Both formats: the TypeScript program, and the YAML file run by the gitops example's
 * program. Part of `npm run test:e2e`.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UptimeClient } from "../../src/client";
import { runExport } from "../../src/cli/export";
import { E2EStack, ok, pulumiEnv, summary } from "./harness";
import { apiRequests, startE2EServer, type E2EServer } from "./api";
import { seed, variedMonitors } from "../export/helpers";
import { compileTypeScript, writeTsconfig } from "../support/typescript-program";

const ROOT = resolve(__dirname, "..", "..");
const WORK = join(__dirname, ".work", "export");
/** The passwords the seeded monitors were created with, by the config key the export gives them. */
const PASSWORDS = {
  adminBasicAuthRequestAuthPassword: "s3cret-admin",
  billingBasicAuthRequestAuthPassword: "s3cret-billing",
};

async function exported(srv: E2EServer, format: "ts" | "yaml"): Promise<string> {
  let out = "";
  const code = await runExport(["--format", format], {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: () => true, isTTY: false },
    env: { UPTIME_BASE_URL: srv.url, UPTIME_API_KEY: srv.apiKey },
  });
  expect(code).toBe(0);
  return out;
}

/** A Pulumi project inside the repository (so `pulumi-uptime` resolves), compiled to bin/. */
function project(files: Record<string, string>): string {
  mkdirSync(WORK, { recursive: true });
  const dir = mkdtempSync(join(WORK, "up-"));
  writeFileSync(join(dir, "Pulumi.yaml"), "name: exported-monitors\nruntime: nodejs\nmain: bin/index.js\n");
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "exported-monitors", private: true, main: "bin/index.js" }),
  );
  writeTsconfig(dir, { outDir: "bin", types: ["node"] });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  compileTypeScript(dir);
  return dir;
}

/** Every monitor, without the timestamp a no-op write may touch. */
async function snapshot(srv: E2EServer): Promise<unknown[]> {
  return (await srv.api.monitors())
    .map(({ updated_at, checked_at, ...m }) => (void updated_at, void checked_at, m))
    .sort((a, b) => a.id - b.id);
}

for (const format of ["ts", "yaml"] as const) {
  describe(`up on the ${format === "ts" ? "TypeScript program" : "gitops YAML"} right after export`, () => {
    let srv: E2EServer;
    let stack: E2EStack;
    let dir: string;
    let before: unknown[];
    let text: string;

    beforeAll(async () => {
      srv = await startE2EServer();
      const client = new UptimeClient({ baseUrl: srv.url, apiKey: srv.apiKey });
      await seed(client, variedMonitors());
      await client.close();
      text = await exported(srv, format);
      dir = format === "ts" ? project({ "index.ts": text }) : project({ "monitors.yaml": text, "index.ts": "" });
      if (format === "yaml") {
        copyFileSync(join(ROOT, "examples", "gitops", "index.ts"), join(dir, "index.ts"));
        compileTypeScript(dir);
      }
      stack = await E2EStack.create({
        project: dir,
        inPlace: true,
        configInProject: true,
        server: srv,
        config: Object.fromEntries(Object.entries(PASSWORDS).map(([k, v]) => [k, { value: v, secret: true }])),
      });
      // As a user would in the stack's directory: export again into the file, storing the
      // alert and header values the service returned as the stack's secret config.
      const file = join(dir, format === "ts" ? "index.ts" : "monitors.yaml");
      let said = "";
      const code = await runExport(["--format", format, "--out", file, "--set-secrets", "--stack", stack.stack], {
        stdout: { write: () => true },
        stderr: { write: (t: string) => (said += t), isTTY: false },
        env: pulumiEnv(stack.home, stack.backendDir),
        cwd: dir,
      });
      expect(code, said).toBe(0);
      expect(said).toMatch(/Stored \d+ secrets in the stack's config/);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, "utf8")).toBe(text);
      before = await snapshot(srv);
    });
    afterAll(async () => {
      stack?.dispose();
      if (dir) rmSync(dir, { recursive: true, force: true });
      await srv?.close();
    });

    it("adopts all 30 monitors and leaves the service as it was", async () => {
      const from = srv.server.requests.length;
      const up = ok(await stack.up());
      expect(summary(up.output)).toMatchObject({ create: 31 }); // 30 monitors and the stack
      const writes = apiRequests(srv.server, from).filter((r) => r.write);
      // Only the two write-only passwords are sent (with the values set in config); no
      // monitor is created or deleted.
      expect(writes.map((r) => r.method).sort()).toEqual(["PATCH", "PATCH"]);
      expect(await snapshot(srv)).toEqual(before);
    });

    it("then previews no changes and writes nothing", async () => {
      const writes = srv.server.writeCount();
      ok(await stack.preview(["--expect-no-changes"]));
      ok(await stack.preview(["--refresh", "--expect-no-changes"]));
      expect(srv.server.writeCount() - writes).toBe(0);
    });

    it("keeps the passwords and alert and header values out of the written file and the engine's output", () => {
      expect(text).not.toMatch(/T0K3N|Bearer abc\.def|s3cret|hooks\.slack\.com/);
      // The engine's output only: the harness's log of command lines holds `config set` values.
      const output = stack.log.map((r) => r.output).join("\n");
      for (const secret of [...Object.values(PASSWORDS), "T0K3N", "Bearer abc.def"])
        expect(output).not.toContain(secret);
    });
  });
}
