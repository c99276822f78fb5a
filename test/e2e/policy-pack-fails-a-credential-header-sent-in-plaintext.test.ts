/**
 * The credential-header rule under the real engine, on a TypeScript program through the dynamic
 * resources, and YAML (a Monitor, a ServiceMonitors' check) and Python programs through the
 * plugin (whose package schema leaves the `requestHeaders` inputs unmarked, so pulumi-yaml and
 * the SDKs send a written-out value as a plain string).
 * Both doors hold every header value secret from check on, so the engine alone would hand the
 * pack only secrets; the provider's record of which header names arrived in plaintext is what
 * the rule reads. A plaintext `Authorization` header fails the mandatory rule naming the
 * resource and the header; the same value from secret config passes; the value shows in no
 * output; and after `up` with the plaintext header, the monitor's state holds it only as ciphertext.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { byName, E2EStack, failed, isSecretEnvelope, leaks, ok, PLUGIN_MONITOR_TYPE } from "./harness";
import { projectEnv, projectFiles } from "./import-programs";
import { lifecycleStack } from "./lifecycle-stack";
import { policyReport, previewWithPolicy } from "./policy-pack";

const RULE = "uptime-no-plaintext-credential-headers";
const RULES = { all: "disabled", [RULE]: "mandatory" };

interface Door {
  title: string;
  /** A fixture under test/e2e/fixtures, or with `files` the name of a project written from them. */
  project: string;
  files?: Record<string, string>;
  /** Readies the copied project (a venv); returns the environment its commands need. */
  prepare?(dir: string): Promise<Record<string, string>>;
  type: string;
  resource: string;
  /** The monitor as the rule's message names it, when not `monitor "<resource>" (<type>)`. */
  named?: string;
  /**
   * The whole state holds the value only as a secret: so where the plain config value is not
   * kept in it as well (the dynamic resources' provider records the stack's config).
   */
  wholeState?: boolean;
  /** Gives the program the header's value from secret config. */
  fromSecret(stack: E2EStack, value: string): Promise<void>;
  /** Gives the program the header's value from plain config again. */
  fromPlain(stack: E2EStack, value: string): Promise<void>;
}

const escaped = (s: string) => s.replace(/[/.*+?^${}()|[\]\\]/g, "\\$&");

function theRuleOn(door: Door): void {
  describe(`the credential-header rule on ${door.title}`, () => {
    const e2e = lifecycleStack({
      stack: async (srv) => {
        const stack = await E2EStack.create({ project: door.project, files: door.files, server: srv });
        for (const [k, v] of Object.entries((await door.prepare?.(stack.dir)) ?? {})) stack.setEnv(k, v);
        return stack;
      },
    });
    const token = `Bearer ${door.project}-${randomBytes(8).toString("hex")}`;

    it("fails preview for a plaintext Authorization header, naming the resource and the header", async () => {
      await e2e.stack.setConfig("authorization", token);
      const r = failed(await previewWithPolicy(e2e.stack, RULES));
      const report = policyReport(r.output);
      expect(report).toMatch(new RegExp(`\\[mandatory\\]\\s+${RULE}\\s+\\(${escaped(door.type)}: ${door.resource}\\)`));
      expect(report).toContain(
        `${RULE}: ${door.named ?? `monitor "${door.resource}" (${door.type})`}, field "requestHeaders[0].value": the "Authorization" header's value is plaintext`,
      );
      expect(report).not.toContain('"Accept"');
      expect(r.output).not.toContain(token);
    });

    it("passes the same header from secret config, printing it nowhere", async () => {
      await door.fromSecret(e2e.stack, token);
      const r = ok(await previewWithPolicy(e2e.stack, RULES));
      expect(r.output).not.toContain(`${RULE}:`);
      expect(r.output).toMatch(new RegExp(`\\+\\s+${escaped(door.type)}\\s+${door.resource}\\s+create`));
      expect(r.output).not.toContain(token);
    });

    // The monitor's state only: the plain config value itself stays where the stack keeps its config.
    it("keeps a plaintext header's value secret in the monitor's state, inputs and outputs alike, and up prints it nowhere", async () => {
      await door.fromPlain(e2e.stack, token);
      const up = ok(await e2e.stack.up());
      const { text, json } = await e2e.stack.stackExport();
      const monitor = byName(json.deployment.resources ?? [], door.resource);
      expect(isSecretEnvelope(monitor.inputs?.requestHeaders)).toBe(true);
      expect(isSecretEnvelope(monitor.outputs?.requestHeaders)).toBe(true);
      expect(leaks(JSON.stringify(monitor), [token])).toEqual([]);
      if (door.wholeState) expect(leaks(text, [token])).toEqual([]);
      expect(leaks(up.output, [token])).toEqual([]);
    });
  });
}

/** For a program that prefers `secretAuthorization`, read as a secret, over the plain `authorization`. */
const SECRET_KEY_FIRST: Pick<Door, "fromSecret" | "fromPlain"> = {
  fromSecret: (stack, value) => stack.setConfig("secretAuthorization", value, true),
  fromPlain: async (stack, value) => {
    await stack.removeConfig("secretAuthorization");
    await stack.setConfig("authorization", value);
  },
};

/** For a YAML program reading one key, `authorization`: set with --secret, `${authorization}` is secret. */
const ONE_KEY: Pick<Door, "fromSecret" | "fromPlain"> = {
  fromSecret: (stack, value) => stack.setConfig("authorization", value, true),
  fromPlain: (stack, value) => stack.setConfig("authorization", value),
};

theRuleOn({
  title: "a TypeScript program (dynamic resources)",
  project: "policy-headers-ts",
  type: "pulumi-nodejs:dynamic/uptime:Monitor",
  resource: "storefront",
  ...SECRET_KEY_FIRST,
});

theRuleOn({
  title: "a YAML program (provider plugin)",
  project: "policy-headers-yaml",
  type: PLUGIN_MONITOR_TYPE,
  resource: "storefront",
  wholeState: true,
  ...ONE_KEY,
});

theRuleOn({
  title: "a YAML program's ServiceMonitors (provider plugin)",
  project: "policy-headers-yaml-component",
  type: PLUGIN_MONITOR_TYPE,
  resource: "shop-home",
  named: `monitor "shop-home" (${PLUGIN_MONITOR_TYPE}) of ServiceMonitors "shop"`,
  // The component's own state: it must not keep the header the program sent either.
  wholeState: true,
  ...ONE_KEY,
});

// The generated Python SDK: the same program as the TypeScript one.
const python = `import pulumi
import pulumi_uptime as uptime

config = pulumi.Config()
secret = config.get_secret("secretAuthorization")
uptime.Monitor("storefront",
    name="team-storefront",
    url="https://shop.example.com/",
    interval=uptime.Interval.SECONDS300,
    request_headers=[
        uptime.RequestHeaderArgs(key="Authorization", value=secret if secret is not None else config.require("authorization")),
        uptime.RequestHeaderArgs(key="Accept", value="application/json"),
    ])
`;

theRuleOn({
  title: "a Python program (generated SDK, provider plugin)",
  project: "policy-headers-python",
  files: { ...projectFiles("python"), "__main__.py": python },
  wholeState: true,
  prepare: (dir) => projectEnv("python", dir),
  type: PLUGIN_MONITOR_TYPE,
  resource: "storefront",
  ...SECRET_KEY_FIRST,
});
