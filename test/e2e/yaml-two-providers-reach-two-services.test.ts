/**
 * Two explicit providers in one YAML program reach two services: each resource and
 * function call goes where its provider points. Provider A is configured entirely by its
 * own inputs; provider B takes its URL from its inputs (over the stack's, which points
 * nowhere) and its key from the stack's `uptime:apiKey`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, ok, summary } from "./harness";
import { expectNoLeaks } from "./plugin-fixtures";
import { startE2EServer, type E2EServer } from "./api";

describe("two explicit providers", () => {
  let a: E2EServer;
  let b: E2EServer;
  let stack: E2EStack;

  beforeAll(async () => {
    [a, b] = await Promise.all([startE2EServer(), startE2EServer()]);
    stack = await E2EStack.create({
      project: "yaml-two-providers",
      // The stack's own settings: a URL where nothing listens, and B's key.
      server: { url: "http://127.0.0.1:9", apiKey: b.apiKey },
      config: { urlA: a.url, keyA: { value: a.apiKey, secret: true }, urlB: b.url },
    });
  });
  afterAll(async () => {
    stack?.dispose();
    await Promise.all([a?.close(), b?.close()]);
  });

  it("send each resource and function call to their own service", async () => {
    const up = ok(await stack.up());
    expect(summary(up.output)).toMatchObject({ create: 6 });
    expect((await a.api.monitors()).map((m) => m.name)).toEqual(["e2e on service a"]);
    expect((await b.api.monitors()).map((m) => m.name)).toEqual(["e2e on service b"]);
    expect(await a.api.incidents()).toEqual([]);
    expect((await b.api.incidents()).map((i) => i.cause)).toEqual(["only on b"]);
    const outputs = await stack.outputs();
    expect(outputs).toMatchObject({ idOnA: 1, idOnB: 1 });

    ok(await stack.preview(["--expect-no-changes"]));
    const destroy = ok(await stack.destroy());
    expect(destroy.code).toBe(0);
    expect(await a.api.monitors()).toEqual([]);
    expect(await b.api.monitors()).toEqual([]);
    expectNoLeaks(stack, [a.apiKey, b.apiKey]);
  });
});
