/**
 * Bad input: a bad input (interval 45) fails `preview` in the provider's check, with the
 * engine's output naming the property and listing the allowed values, and nothing reaches
 * the server but the one read with which `check` verifies the settings: not on a new stack,
 * and not on a stack whose monitors exist (where `up` fails the same way, without a write).
 */
import { describe, expect, it } from "vitest";
import { failed, ok } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { describeRequests, requestsBeyondSettingsCheck } from "./api";

const ALLOWED = [60, 180, 300, 600, 900, 1800, 3600];

function expectNamesIntervalAndAllowedValues(output: string): void {
  const line = output
    .split("\n")
    .find((l) => /Monitor resource 'api'.*has a problem/.test(l) && /\binterval\b/.test(l));
  expect(line, `no check failure naming interval in:\n${output}`).toBeDefined();
  expect(line).toMatch(/\binterval\b/);
  expect(line).toMatch(/\b45\b/);
  for (const v of ALLOWED) expect(line).toMatch(new RegExp(`\\b${v}\\b`));
}

describe("a bad interval", () => {
  const e2e = lifecycleStack({ stack: { project: "lifecycle", config: { "fixture:apiInterval": "45" } } });

  it("fails preview of a new e2e.stack, naming the property and the allowed values, with no request to the server but the settings check", async () => {
    const from = e2e.srv.server.requests.length;
    const preview = failed(await e2e.stack.preview());
    expectNamesIntervalAndAllowedValues(preview.output);
    expect(requestsBeyondSettingsCheck(e2e.srv.server, from), describeRequests(e2e.srv.server, from)).toEqual([]);
  });

  it("fails preview and up of an existing stack without a write", async () => {
    await e2e.stack.setConfig("fixture:apiInterval", "60");
    ok(await e2e.stack.up());
    const monitors = await e2e.srv.api.monitors();
    await e2e.stack.setConfig("fixture:apiInterval", "45");

    const from = e2e.srv.server.requests.length;
    const writes = e2e.srv.server.writeCount();
    const preview = failed(await e2e.stack.preview());
    expectNamesIntervalAndAllowedValues(preview.output);
    console.log(`failing preview of an existing stack: requests ${describeRequests(e2e.srv.server, from)}`);
    expect(requestsBeyondSettingsCheck(e2e.srv.server, from), describeRequests(e2e.srv.server, from)).toEqual([]);

    const up = failed(await e2e.stack.up());
    expectNamesIntervalAndAllowedValues(up.output);
    expect(e2e.srv.server.writeCount() - writes).toBe(0);
    expect(await e2e.srv.api.monitors()).toEqual(monitors);
  });
});
