import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { parseMonitorsYaml, resolveConfigRefs, splitConfigRefs, toMonitorArgs } from "../../src/gitops";

const FILE = `monitors:
  api:
    name: API health
    url: https://api.example.com/health
    interval: 60
    requestHeaders:
      - key: Authorization
        value: "Bearer \${config:statusToken}"
    requestAuthUsername: probe
    requestAuthPassword: \${config:probePassword}
    alerts:
      - key: email
        value: ops@example.com
      - key: webhook
        value: \${config:opsWebhookUrl}
      - key: slack
        value: \${config:team:slackUrl}
`;

/** The value and secretness of an output, outside a Pulumi program. */
async function settle(o: unknown): Promise<{ value: unknown; secret: boolean }> {
  const out = pulumi.output(o as pulumi.Input<unknown>) as unknown as {
    promise(): Promise<unknown>;
    isSecret: Promise<boolean>;
  };
  return { value: await out.promise(), secret: await out.isSecret };
}

describe("${config:key} references", () => {
  it("pass validation as values known only at run time, and are listed per entry", () => {
    const [entry] = parseMonitorsYaml(FILE, "monitors.yaml");
    expect(entry.configKeys).toEqual(["statusToken", "probePassword", "opsWebhookUrl", "team:slackUrl"]);
    expect(entry.args.requestAuthPassword).toBe("${config:probePassword}");
  });

  it("must be well-formed", () => {
    expect(() =>
      parseMonitorsYaml(FILE.replace("${config:probePassword}", '"${config: probe password}"'), "monitors.yaml"),
    ).toThrow(
      'monitors.yaml: entry 1 ("api"): requestAuthPassword: "${config: probe password}" is not a valid config reference',
    );
    expect(() => splitConfigRefs("x ${config:abc")).toThrow(/has no closing/);
  });

  it("do not hide problems in the rest of the entry", () => {
    expect(() => parseMonitorsYaml(FILE.replace("interval: 60", "interval: 61"), "monitors.yaml")).toThrow(
      /entry 1 \("api"\): interval: 61 is not one of/,
    );
  });

  it("resolve from a lookup, inside longer strings too, and name every missing key", () => {
    const [entry] = parseMonitorsYaml(FILE, "monitors.yaml");
    const config: Record<string, string> = {
      statusToken: "t0k",
      probePassword: "pw",
      opsWebhookUrl: "https://hooks.example.com/x",
      "team:slackUrl": "https://hooks.slack.com/y",
    };
    const resolved = resolveConfigRefs(entry.args, (k) => config[k]);
    expect(resolved.requestHeaders).toEqual([{ key: "Authorization", value: "Bearer t0k" }]);
    expect(resolved.requestAuthPassword).toBe("pw");
    expect(resolved.alerts).toEqual([
      { key: "email", value: "ops@example.com" },
      { key: "webhook", value: "https://hooks.example.com/x" },
      { key: "slack", value: "https://hooks.slack.com/y" },
    ]);
    expect(() => resolveConfigRefs(entry.args, (k) => (k === "statusToken" ? "t" : undefined))).toThrow(
      "missing config values for ${config:probePassword}, ${config:opsWebhookUrl}, ${config:team:slackUrl}",
    );
  });

  it("become secret outputs read with requireSecret in a program", async () => {
    const [entry] = parseMonitorsYaml(FILE, "monitors.yaml");
    const asked: string[] = [];
    const args = toMonitorArgs(entry, {
      config: (ns) => ({
        requireSecret: ((key: string) => {
          asked.push(`${ns ?? "<project>"}:${key}`);
          return pulumi.secret(`value-of-${key}`);
        }) as pulumi.Config["requireSecret"],
      }),
    });
    expect(asked).toEqual([
      "<project>:statusToken",
      "<project>:probePassword",
      "<project>:opsWebhookUrl",
      "team:slackUrl",
    ]);
    expect(args.name).toBe("API health");
    expect(await settle(args.requestAuthPassword)).toEqual({ value: "value-of-probePassword", secret: true });
    const headers = args.requestHeaders as { key: string; value: unknown }[];
    expect(await settle(headers[0].value)).toEqual({ value: "Bearer value-of-statusToken", secret: true });
    const alerts = args.alerts as { key: string; value: unknown }[];
    expect(alerts[0]).toEqual({ key: "email", value: "ops@example.com" });
    expect(await settle(alerts[1].value)).toEqual({ value: "value-of-opsWebhookUrl", secret: true });
  });
});
