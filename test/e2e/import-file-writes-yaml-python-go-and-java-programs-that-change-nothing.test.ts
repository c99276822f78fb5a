/**
 * Under the REAL Pulumi engine: an account of 20 monitors and 5 incidents, exported with
 * `pulumi-uptime export --format import --set-secrets` in a stack's directory and imported with
 * `pulumi import --file <file> --out <code> --yes` into a YAML, a Python, a Go and a Java
 * program, the code written by Pulumi's generators for the stack's language (YAML and Java by
 * their language hosts; Python and Go by tools/pulumi/program-gen, Pulumi's generators behind
 * the language hosts' names, since the hosts built here predate the call). With the generated
 * code and the export's config lines in the program (and, in Java, the enum literals the
 * generator writes changed to the SDK's members, as the export's steps say), the first `up`
 * writes only the basic-auth passwords, which the service never returns; then
 * `preview --expect-no-changes` passes. The Python program passes mypy, the Go one `go vet`,
 * and the Java one compiles with Maven on every command. No secret (passwords, header values,
 * alert targets, the API key) is in the import file, the generated code, the export's or the
 * engine's output, or the state.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UptimeClient } from "../../src/client";
import { runExport } from "../../src/cli/export";
import { planExport } from "../../src/export/plan";
import { collectMonitors } from "../../src/export/collect";
import { secretAdditions } from "../../src/export/import-secrets";
import { E2EStack, leaks, ok, pulumiEnv, secs, summary } from "./harness";
import { startE2EServer, type E2EServer } from "./api";
import { seed, variedMonitors } from "../export/helpers";
import { typecheckPython, vetGo } from "../sdk/example-checks";
import {
  GENERATED,
  PROGRAM,
  applyImported,
  importPath,
  projectEnv,
  projectFiles,
  type ImportLanguage,
} from "./import-programs";

/** 20 monitors of the export tests' kinds: 4 with alerts, headers or basic auth among them. */
const MONITORS = variedMonitors()
  .filter((m) => m.name !== "All channels")
  .slice(0, 20);
const PASSWORDS = {
  adminBasicAuthRequestAuthPassword: "s3cret-admin",
  billingBasicAuthRequestAuthPassword: "s3cret-billing",
};
// Every password, header value and alert target; but "uptime" (the value of Billing's
// X-Probe header), which is also the package's name in every type token.
const SECRETS = [
  ...Object.values(PASSWORDS),
  ...MONITORS.flatMap((m) => [...(m.alerts ?? []), ...(m.request_headers ?? [])].map((e) => e.value)),
].filter((v) => v !== "uptime");

let srv: E2EServer;
let client: UptimeClient;

beforeAll(async () => {
  srv = await startE2EServer();
  client = new UptimeClient({ baseUrl: srv.url, apiKey: srv.apiKey });
  await seed(client, MONITORS);
  // Five incidents on the first five monitors, two of them over.
  for (let id = 1; id <= 5; id++) {
    await client.incidents.create({
      monitor_id: id,
      started_at: `2024-0${id}-01T10:00:00`,
      ...(id % 2 === 0 ? { ended_at: `2024-0${id}-01T12:00:00` } : {}),
      cause: `outage ${id}`,
    });
  }
});
afterAll(async () => {
  await client?.close();
  await srv?.close();
});

/** Runs the export in the stack's directory with the stack's Pulumi environment, as a user would. */
async function exportInto(stack: E2EStack, args: string[]): Promise<{ stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runExport(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s), isTTY: false },
    env: pulumiEnv(stack.home, stack.backendDir),
    cwd: stack.dir,
  });
  expect(code, stderr).toBe(0);
  return { stdout, stderr };
}

const common = (stack: E2EStack) => ["--stack", stack.stack, "--non-interactive", "--color", "never"];

describe.each<ImportLanguage>(["yaml", "python", "go", "java"])(
  "export --format import into a %s program",
  (language) => {
    it("imports every monitor and incident; the program changes nothing after the passwords are written", async () => {
      const started = Date.now();
      const stack = await E2EStack.create({
        project: `import-${language}`,
        files: projectFiles(language),
        server: srv,
      });
      try {
        for (const [k, v] of Object.entries(await projectEnv(language, stack.dir))) stack.setEnv(k, v);
        const exported = await exportInto(stack, [
          "--format",
          "import",
          "--out",
          "uptime-import.json",
          "--set-secrets",
        ]);
        expect(exported.stderr).toContain("Wrote 20 monitors and 5 incidents to uptime-import.json (mode 0600).");
        const suggested = { yaml: "imported.yaml", python: "imported.py", go: "imported.go", java: "Imported.java" }[
          language
        ];
        expect(exported.stderr).toContain(`pulumi import --file uptime-import.json --out ${suggested} --yes`);
        if (language === "java") expect(exported.stderr).toContain(".interval(300) as .interval(Interval.Seconds300)");
        for (const [key, value] of Object.entries(PASSWORDS)) await stack.setConfig(key, value, true);

        stack.setEnv("PATH", importPath(language));
        const imported = ok(
          await stack.run([
            "import",
            "--file",
            "uptime-import.json",
            "--out",
            GENERATED[language],
            "--yes",
            "--suppress-progress",
            ...common(stack),
          ]),
        );
        stack.setEnv("PATH", undefined);
        expect(imported.output).toMatch(/=\s*25 imported/);
        expect(imported.output).not.toMatch(/failed to validate/);
        const generated = readFileSync(join(stack.dir, GENERATED[language]), "utf8");

        const plan = planExport(await collectMonitors(client));
        const additions = secretAdditions(plan, language);
        // The alerts of "API health" and of the seven "Service <n>", the headers of "Token
        // header", and the basic auth (with a header) of the other two.
        expect(additions.resources.map((r) => r.name)).toEqual([
          "api-health",
          "admin-basic-auth",
          "billing-basic-auth",
          "token-header",
          ...MONITORS.filter((m) => m.name.startsWith("Service ")).map((m) => m.name.toLowerCase().replace(" ", "-")),
        ]);
        applyImported(language, stack.dir, generated, additions);

        // Only the passwords differ: the service never returns them, so the first up writes them.
        const up = ok(await stack.up());
        expect(summary(up.output)).toMatchObject({ update: 2 });
        const updated = up.output.match(/uptime:index:Monitor\s+\S+\s+updated\b.*$/gm) ?? [];
        expect(updated.map((l) => l.replace(/\(.*\)\s*/, "")).sort()).toEqual([
          "uptime:index:Monitor admin-basic-auth updated [diff: +requestAuthPassword]",
          "uptime:index:Monitor billing-basic-auth updated [diff: +requestAuthPassword]",
        ]);
        const writes = srv.server.writeCount();
        ok(await stack.preview(["--expect-no-changes"]));
        expect(srv.server.writeCount()).toBe(writes);

        const program = readFileSync(join(stack.dir, PROGRAM[language]), "utf8");
        if (language === "python") {
          const checked = await typecheckPython({ main: program });
          expect(checked.ok, checked.output).toBe(true);
        }
        if (language === "go") {
          const vetted = await vetGo({ main: program });
          expect(vetted.ok, vetted.output).toBe(true);
        }

        const needles = [...SECRETS, srv.apiKey];
        const importFile = readFileSync(join(stack.dir, "uptime-import.json"), "utf8");
        expect(leaks(importFile, needles), "plaintext secret in the import file").toEqual([]);
        expect(leaks(generated, needles), "plaintext secret in the generated code").toEqual([]);
        expect(leaks(program, needles), "plaintext secret in the program").toEqual([]);
        expect(leaks(exported.stdout + exported.stderr, needles), "plaintext secret in the export's output").toEqual(
          [],
        );
        expect(leaks(stack.allOutput(), needles), "plaintext secret in the engine's output").toEqual([]);
        for (const f of stack.backendFiles())
          expect(leaks(f.text, needles), `plaintext secret in ${f.path}`).toEqual([]);
        console.log(`export --format import, ${language}: ${secs(Date.now() - started)}`);
      } finally {
        stack.dispose();
      }
    });
  },
);
