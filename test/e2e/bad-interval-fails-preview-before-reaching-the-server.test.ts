/**
 * Bad input: a bad input (interval 45) fails `preview` in the provider's check, with the
 * engine's output naming the property and listing the allowed values, and nothing reaches
 * the server but the one read with which `check` verifies the settings: not on a new stack,
 * and not on a stack whose monitors exist (where `up` fails the same way, without a write).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, failed, ok } from "./harness";
import { describeRequests, requestsBeyondSettingsCheck, startE2EServer, type E2EServer } from "./api";

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
  let srv: E2EServer;
  let stack: E2EStack;

  beforeAll(async () => {
    srv = await startE2EServer();
    stack = await E2EStack.create({ project: "lifecycle", server: srv, config: { "fixture:apiInterval": "45" } });
  });
  afterAll(async () => {
    stack?.dispose();
    await srv?.close();
  });

  it("fails preview of a new stack, naming the property and the allowed values, with no request to the server but the settings check", async () => {
    const from = srv.server.requests.length;
    const preview = failed(await stack.preview());
    expectNamesIntervalAndAllowedValues(preview.output);
    expect(requestsBeyondSettingsCheck(srv.server, from), describeRequests(srv.server, from)).toEqual([]);
  });

  it("fails preview and up of an existing stack without a write", async () => {
    await stack.setConfig("fixture:apiInterval", "60");
    ok(await stack.up());
    const monitors = await srv.api.monitors();
    await stack.setConfig("fixture:apiInterval", "45");

    const from = srv.server.requests.length;
    const writes = srv.server.writeCount();
    const preview = failed(await stack.preview());
    expectNamesIntervalAndAllowedValues(preview.output);
    console.log(`failing preview of an existing stack: requests ${describeRequests(srv.server, from)}`);
    expect(requestsBeyondSettingsCheck(srv.server, from), describeRequests(srv.server, from)).toEqual([]);

    const up = failed(await stack.up());
    expectNamesIntervalAndAllowedValues(up.output);
    expect(srv.server.writeCount() - writes).toBe(0);
    expect(await srv.api.monitors()).toEqual(monitors);
  });
});
