/**
 * The provider's `defaults` from stack config in a TypeScript program of the dynamic
 * resources, under the real engine: a monitor recorded before the defaults existed previews
 * no change once it leaves its values to equal defaults; a new unnamed monitor takes them
 * and a name starting with `namePrefix`; a changed default (a new interval, a secret header)
 * updates the inheriting monitors in place and not the one declaring its own values, and
 * the secret parts never show in plaintext in `stack export`; a bad default fails preview
 * naming `defaults.<field>` before any request.
 */
import { describe, expect, it } from "vitest";
import { MONITOR_TYPE, byName, failed, ok, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { typescriptProject } from "./typescript-project";
import { expectNoLeaks, yamlSecrets } from "./plugin-fixtures";

const PROGRAM = `import * as pulumi from "@pulumi/pulumi";
import * as uptime from "pulumi-uptime";

const fixture = new pulumi.Config("fixture");
const legacyDeclares = fixture.getBoolean("legacyDeclares") ?? true;
const oncall = fixture.get("oncall") ?? "oncall@example.com";

// Recorded first with its own values, later leaving them to the provider's defaults.
new uptime.Monitor("legacy", {
  name: "e2e defaults legacy",
  url: "https://api.example.com/health",
  ...(legacyDeclares ? { interval: 300, alerts: [{ key: "email", value: oncall }] } : {}),
});
// Declares every value the defaults could give it.
new uptime.Monitor("own", {
  name: "e2e defaults own",
  url: "https://www.example.com/",
  interval: 60,
  alerts: [],
  requestHeaders: [],
});
if (fixture.getBoolean("withFresh")) new uptime.Monitor("fresh", { url: "https://fresh.example.com/" });
`;

describe("provider defaults in a TypeScript program of the dynamic resources", () => {
  const secrets = yamlSecrets();
  const oncall = `oncall-${secrets.token}@example.com`;
  const e2e = lifecycleStack({
    stack: {
      project: "dynamic-defaults",
      files: typescriptProject("dynamic-defaults", "Monitors taking the provider's defaults", PROGRAM),
      config: { "fixture:oncall": { value: oncall, secret: true } },
    },
    up: true,
  });
  const set = (key: string, value: string, secret = false) =>
    e2e.stack.setConfig(`uptime:defaults.${key}`, value, secret, true);

  it("a monitor recorded before the defaults previews no change when they equal its values", async () => {
    await set("interval", "300");
    await set("alerts[0].key", "email");
    await set("alerts[0].value", oncall, true);
    await set("namePrefix", "team-");
    await e2e.stack.setConfig("fixture:legacyDeclares", "false");
    await e2e.stack.setConfig("fixture:withFresh", "true");
    const preview = ok(await e2e.stack.preview());
    expect(summary(preview.output)).toEqual({ create: 1, unchanged: 3 });
    expect(preview.output).toMatch(/\+\s+pulumi-nodejs:dynamic\/uptime:Monitor\s+fresh\s+create/);

    ok(await e2e.stack.up());
    const fresh = (await e2e.srv.api.monitors()).find((m) => m.name.startsWith("team-fresh-"));
    expect(fresh).toMatchObject({ interval: 300, alerts: [{ key: "email", value: oncall }] });
  });

  it("a changed default updates the inheriting monitors in place and not the declaring one", async () => {
    const before = await e2e.stack.resources(MONITOR_TYPE);
    await set("interval", "600");
    await set("requestHeaders[0].key", "X-Team-Token");
    await set("requestHeaders[0].value", secrets.token, true);
    const preview = ok(await e2e.stack.preview());
    // The engine lists the interval; it leaves the secret header list out of this line.
    for (const name of ["legacy", "fresh"])
      expect(preview.output).toMatch(
        new RegExp(`~\\s+pulumi-nodejs:dynamic/uptime:Monitor\\s+${name}\\s+update\\s+\\[diff: ~interval`),
      );
    expect(preview.output).not.toMatch(/Monitor\s+own\s+(update|replace)/);
    expect(summary(preview.output)).toEqual({ update: 2, unchanged: 2 });

    ok(await e2e.stack.up());
    const after = await e2e.stack.resources(MONITOR_TYPE);
    for (const name of ["legacy", "fresh", "own"]) expect(byName(after, name).id).toBe(byName(before, name).id);
    const legacy = await e2e.srv.api.monitorNamed("e2e defaults legacy");
    expect(legacy).toMatchObject({ interval: 600, request_headers: [{ key: "X-Team-Token", value: secrets.token }] });
    expect(await e2e.srv.api.monitorNamed("e2e defaults own")).toMatchObject({ interval: 60, request_headers: [] });

    const { text } = await e2e.stack.stackExport();
    expect(text).not.toContain(secrets.token);
    expect(text).not.toContain(oncall);
    expectNoLeaks(e2e.stack, [e2e.srv.apiKey, secrets.token, oncall]);
  });

  it("a bad default fails preview naming defaults.<field> and the allowed values, before any request", async () => {
    await set("sslAlertDays", "5");
    const before = e2e.srv.server.requests.length;
    const bad = failed(await e2e.stack.preview());
    expect(bad.output).toMatch(/uptime:defaults\.sslAlertDays: 5 is not one of 0, 1, 2, 3, 7, 14, 30, 60/);
    expect(e2e.srv.server.requests.length).toBe(before);
  });
});
