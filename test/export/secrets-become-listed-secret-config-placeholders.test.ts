/**
 * Secrets never go into an exported file: basic-auth passwords (which the service never
 * returns) and alert and request header values (webhook URLs, tokens) become secret config
 * placeholders, one config key per distinct value, listed at the end with the commands
 * that set them; `--out` files are written 0600 and the command says what it wrote where.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exportFrom, seededServer, TS_SECRET_READS, variedMonitors } from "./helpers";
import { fileFixture } from "../support/file-fixture";

/** Every secret value the seeded monitors hold (but words like "uptime" that other text holds too). */
const SECRET_VALUES = [
  ...new Set(variedMonitors().flatMap((m) => [...(m.alerts ?? []), ...(m.request_headers ?? [])].map((e) => e.value))),
  "s3cret-admin",
  "s3cret-billing",
].filter((v) => v.length >= 8);

describe("secrets in an export", () => {
  const env = fileFixture(() => seededServer());

  it("are read from secret config in the TS program, never written, and listed at its end", async () => {
    const { stdout } = await exportFrom(env.server, ["--format", "ts"]);
    expect(SECRET_VALUES.filter((v) => stdout.includes(v))).toEqual([]);
    expect(stdout).toContain('import * as pulumi from "@pulumi/pulumi";\n');
    for (const line of TS_SECRET_READS) expect(stdout).toContain(line);
    const tail = stdout.slice(stdout.lastIndexOf("// Secret config this program reads"));
    expect(tail).toContain("// The service does not return these; set them yourself:");
    expect(tail).toContain(
      '//   pulumi config set --secret adminBasicAuthRequestAuthPassword    # basic-auth password of user "probe" of "Admin (basic auth)"',
    );
    expect(tail).toContain(
      '//   pulumi config set --secret apiHealthAlertWebhook    # webhook alert of "API health" and 1 more',
    );
    expect(tail).toContain("pulumi-uptime export --set-secrets");
  });

  it("get one config key per distinct value, shared by the monitors that use it", async () => {
    const { stdout } = await exportFrom(env.server, ["--format", "ts"]);
    // "API health" and "All channels" share the webhook URL.
    expect(stdout.match(/config\.requireSecret\("apiHealthAlertWebhook"\)/g)).toHaveLength(2);
    const keys = [...stdout.matchAll(/^\/\/ {3}pulumi config set --secret (\S+)/gm)].map((m) => m[1]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("are ${config:key} references in the YAML file, listed at its end", async () => {
    const { stdout } = await exportFrom(env.server, ["--format", "yaml"]);
    expect(SECRET_VALUES.filter((v) => stdout.includes(v))).toEqual([]);
    expect(stdout).toContain("    requestAuthPassword: ${config:adminBasicAuthRequestAuthPassword}\n");
    expect(stdout).toContain("value: ${config:apiHealthAlertWebhook}");
    expect(stdout).toMatch(
      /# Secret config this program reads \(\d+\)\. The file reads them as \$\{config:<key>\} placeholders\.\n# Set each before `pulumi up`/,
    );
  });

  it("with --out: the file is 0600 and the command says what it wrote where and what to set", async () => {
    const dir = mkdtempSync(join(tmpdir(), "export-out-"));
    try {
      const out = join(dir, "index.ts");
      const { code, stdout, stderr } = await exportFrom(env.server, ["--format", "ts", "--out", out], { tty: false });
      expect(code).toBe(0);
      expect(stdout).toBe("");
      expect(statSync(out).mode & 0o777).toBe(0o600);
      expect(readFileSync(out, "utf8")).toContain("new uptime.Monitor(");
      expect(stderr).toContain(`Wrote 30 monitors to ${out} (mode 0600).`);
      expect(stderr).toMatch(/\d+ secret config values to set before `pulumi up` \(listed at the end of the file\):\n/);
      expect(stderr).toContain("\n  pulumi config set --secret adminBasicAuthRequestAuthPassword\n");
      expect(SECRET_VALUES.filter((v) => stderr.includes(v))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("need no config when no monitor has alerts, headers or basic auth", async () => {
    const only = await seededServer([{ name: "Plain", url: "https://plain.example.com", interval: 60 }]);
    try {
      const { stdout } = await exportFrom(only.server, ["--format", "ts"]);
      expect(stdout).not.toContain("@pulumi/pulumi");
      expect(stdout).toContain("// No secret config is needed: no monitor has alerts, request headers or basic auth.");
    } finally {
      await only.close();
    }
  });
});
