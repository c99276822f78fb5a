/**
 * The credential-header rule on the uptime provider's `defaults` under the real engine, in a
 * YAML program: an explicit provider whose `defaults` header comes from the stack config
 * `authorization`, and the default provider, whose `defaults` is the stack config
 * `uptime:defaults` set with `pulumi config set --path`; and in a TypeScript program on the
 * generated Node.js SDK, which sends an explicit provider's `defaults` as JSON text. The engine sends CheckConfig no secret
 * marks; the provider records `defaults` without its header values for the engine to mark as
 * the program did. A plaintext `Authorization` there fails the mandatory rule naming the
 * provider resource and the header; the same value from secret config passes; the value shows
 * in no output; and after `up` with plaintext values the state holds them only as ciphertext,
 * while the monitors get the header.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { E2EStack, failed, FIXTURES, leaks, ok } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { policyReport, previewWithPolicy } from "./policy-pack";

const RULE = "uptime-no-plaintext-credential-headers";
const RULES = { all: "disabled", [RULE]: "mandatory" };
const PROVIDER = "pulumi:providers:uptime";

/** The report's line for a provider's header: the rule, the provider resource, the field and the header. */
const named = (provider: string, index: number) =>
  `${RULE}: provider "${provider}" (${PROVIDER}), field "defaults.requestHeaders[${index}].value": the "Authorization" header's value is plaintext`;

describe("the credential-header rule on the provider's defaults (YAML, provider plugin)", () => {
  const e2e = lifecycleStack({ stack: { project: "policy-defaults-yaml" } });
  const explicit = `Bearer explicit-${randomBytes(8).toString("hex")}`;
  const stackWide = `Bearer stack-${randomBytes(8).toString("hex")}`;
  const setDefault = async (secret: boolean) => {
    await e2e.stack.setConfig("uptime:defaults.requestHeaders[0].key", "Authorization", false, true);
    await e2e.stack.setConfig("uptime:defaults.requestHeaders[0].value", stackWide, secret, true);
  };

  it("fails preview for plaintext Authorization headers in both providers' defaults, naming each provider and the header", async () => {
    await e2e.stack.setConfig("authorization", explicit);
    await setDefault(false);
    const r = failed(await previewWithPolicy(e2e.stack, RULES));
    const report = policyReport(r.output);
    expect(report).toMatch(new RegExp(`\\[mandatory\\]\\s+${RULE}\\s+\\(${PROVIDER}: team\\)`));
    expect(report).toMatch(new RegExp(`\\[mandatory\\]\\s+${RULE}\\s+\\(${PROVIDER}: default\\)`));
    expect(report).toContain(named("team", 1));
    expect(report).toContain(named("default", 0));
    expect(report).not.toContain('"Accept"');
    expect(leaks(r.output, [explicit, stackWide])).toEqual([]);
  });

  it("passes the explicit provider's header from secret config while the stack's plaintext one still fails", async () => {
    await e2e.stack.setConfig("authorization", explicit, true);
    const r = failed(await previewWithPolicy(e2e.stack, RULES));
    const report = policyReport(r.output);
    expect(report).not.toContain(`(${PROVIDER}: team)`);
    expect(report).toContain(named("default", 0));
    expect(leaks(r.output, [explicit, stackWide])).toEqual([]);
  });

  it("passes both from secret config (the stack's value set with --secret --path), printing them nowhere", async () => {
    await setDefault(true);
    const r = ok(await previewWithPolicy(e2e.stack, RULES));
    expect(r.output).not.toContain(`${RULE}:`);
    expect(r.output).toMatch(/\+\s+pulumi:providers:uptime\s+team\s+create/);
    expect(leaks(r.output, [explicit, stackWide])).toEqual([]);
  });

  it("after up with plaintext values, the state holds them only as ciphertext and the monitors send them", async () => {
    await e2e.stack.setConfig("authorization", explicit);
    await setDefault(false);
    const up = ok(await e2e.stack.up());
    const { text } = await e2e.stack.stackExport();
    expect(leaks(text, [explicit, stackWide])).toEqual([]);
    expect(leaks(up.output, [explicit, stackWide])).toEqual([]);
    expect((await e2e.srv.api.monitorNamed("team-storefront")).request_headers).toEqual([
      { key: "Accept", value: "application/json" },
      { key: "Authorization", value: explicit },
    ]);
    expect((await e2e.srv.api.monitorNamed("team-checkout")).request_headers).toEqual([
      { key: "Authorization", value: stackWide },
    ]);
    ok(await e2e.stack.preview(["--expect-no-changes"]));
  });
});

// The generated Node.js SDK (dist/sdk/nodejs, `npm run sdks`) on the plugin: `defaults` goes as JSON text.
const sdkProgram = `import * as pulumi from "@pulumi/pulumi";
import * as uptime from "@pulumi-uptime/uptime";

const config = new pulumi.Config();
const team = new uptime.Provider("team", {
  defaults: {
    requestHeaders: [
      { key: "Accept", value: "application/json" },
      { key: "Authorization", value: config.getSecret("secretAuthorization") ?? config.require("authorization") },
    ],
  },
});
new uptime.Monitor("storefront", {
  name: "team-storefront",
  url: "https://shop.example.com/",
  interval: uptime.Interval.Seconds300,
}, { provider: team });
`;

const sdkFiles = {
  "Pulumi.yaml": [
    "name: e2e-policy-defaults-sdk",
    "runtime: nodejs",
    "main: index.ts",
    "plugins:",
    "  providers:",
    "    - name: uptime",
    "      path: ../../../../dist/plugin",
    "",
  ].join("\n"),
  "index.ts": sdkProgram,
  "tsconfig.json": readFileSync(join(FIXTURES, "policy-headers-ts", "tsconfig.json"), "utf8"),
};

describe("the credential-header rule on an explicit provider's defaults (TypeScript, generated Node.js SDK)", () => {
  const e2e = lifecycleStack({
    stack: (srv) => E2EStack.create({ project: "policy-defaults-sdk", files: sdkFiles, server: srv }),
  });
  const token = `Bearer sdk-${randomBytes(8).toString("hex")}`;

  it("fails preview for a plaintext Authorization header, naming the provider and the header", async () => {
    await e2e.stack.setConfig("authorization", token);
    const r = failed(await previewWithPolicy(e2e.stack, RULES));
    const report = policyReport(r.output);
    expect(report).toMatch(new RegExp(`\\[mandatory\\]\\s+${RULE}\\s+\\(${PROVIDER}: team\\)`));
    expect(report).toContain(named("team", 1));
    expect(leaks(r.output, [token])).toEqual([]);
  });

  it("passes the same header from secret config, printing it nowhere", async () => {
    await e2e.stack.setConfig("secretAuthorization", token, true);
    const r = ok(await previewWithPolicy(e2e.stack, RULES));
    expect(r.output).not.toContain(`${RULE}:`);
    expect(leaks(r.output, [token])).toEqual([]);
  });
});
