import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportFrom, seededServer } from "./helpers";

describe("basic-auth passwords, which the service never returns", () => {
  let env: Awaited<ReturnType<typeof seededServer>>;
  beforeAll(async () => {
    env = await seededServer();
  });
  afterAll(() => env.close());

  it("are read from secret config in the TS program and listed at its end with the commands that set them", async () => {
    const { stdout } = await exportFrom(env.server, ["--format", "ts"]);
    expect(stdout).toContain('import * as pulumi from "@pulumi/pulumi";\n');
    expect(stdout).toContain("const config = new pulumi.Config();");
    expect(stdout).toContain('    requestAuthUsername: "probe",\n    requestAuthPassword: config.requireSecret("adminBasicAuthRequestAuthPassword"),');
    expect(stdout).toContain('    requestAuthPassword: config.requireSecret("billingBasicAuthRequestAuthPassword"),');
    const tail = stdout.slice(stdout.lastIndexOf("// Secrets the service does not return"));
    expect(tail).toContain("// Secrets the service does not return (2).");
    expect(tail).toContain('//   pulumi config set --secret adminBasicAuthRequestAuthPassword    # basic-auth password of user "probe" of "Admin (basic auth)"');
    expect(tail).toContain('//   pulumi config set --secret billingBasicAuthRequestAuthPassword    # basic-auth password of user "billing-probe" of "Billing, basic auth"');
    expect(stdout).not.toContain("s3cret");
  });

  it("are ${config:key} references in the YAML file, listed at its end", async () => {
    const { stdout } = await exportFrom(env.server, ["--format", "yaml"]);
    expect(stdout).toContain("    requestAuthPassword: ${config:adminBasicAuthRequestAuthPassword}\n");
    expect(stdout).toMatch(/# Secrets the service does not return \(2\)\. The file reads them as \$\{config:<key>\} placeholders\.\n# Set each before `pulumi up` \(the command prompts for the value\):\n# {3}pulumi config set --secret adminBasicAuthRequestAuthPassword/);
  });

  it("are listed on the terminal too, with the commands", async () => {
    const { stderr } = await exportFrom(env.server, ["--format", "ts"], { tty: true });
    expect(stderr).toContain("2 secrets could not be read back (listed at the end of the output). Set them in the stack:\n  pulumi config set --secret adminBasicAuthRequestAuthPassword\n  pulumi config set --secret billingBasicAuthRequestAuthPassword\n");
  });

  it("need no config when no monitor has basic auth", async () => {
    const only = await seededServer([{ name: "Plain", url: "https://plain.example.com", interval: 60 }]);
    try {
      const { stdout } = await exportFrom(only.server, ["--format", "ts"]);
      expect(stdout).not.toContain("@pulumi/pulumi");
      expect(stdout).toContain("// No secret config is needed: the service returned every value.");
      const yaml = await exportFrom(only.server, ["--format", "yaml"]);
      expect(yaml.stdout.endsWith("# No secret config is needed: the service returned every value.\n")).toBe(true);
    } finally {
      await only.close();
    }
  });
});
