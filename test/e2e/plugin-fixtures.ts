/**
 * Shared setup of the tests that run programs through the provider plugin: the secrets a
 * YAML fixture carries (distinctive, so that a leak is findable), a stack of the
 * `yaml-lifecycle` fixture, and the secrets scan of a stack's output and state.
 */
import { randomBytes } from "node:crypto";
import { expect } from "vitest";
import { E2EStack, leaks } from "./harness";
import type { E2EServer } from "./api";

/** A webhook URL and a header token, random per test. */
export function yamlSecrets() {
  const hex = () => randomBytes(8).toString("hex");
  return { hook: `https://hooks.slack.com/services/T0/B0/yaml${hex()}`, token: `yaml-token-${hex()}` };
}

/** A stack of the `yaml-lifecycle` fixture against `srv`, carrying `secrets`. */
export function yamlLifecycleStack(srv: E2EServer, secrets: ReturnType<typeof yamlSecrets>): Promise<E2EStack> {
  return E2EStack.create({
    project: "yaml-lifecycle",
    server: srv,
    config: { webhookUrl: { value: secrets.hook, secret: true }, probeToken: { value: secrets.token, secret: true } },
  });
}

/** Fails when any of `needles` shows in plaintext in the engine's output or any file of the stack's backend. */
export function expectNoLeaks(stack: E2EStack, needles: string[]): void {
  expect(leaks(stack.allOutput(), needles), "plaintext secret in the engine's output").toEqual([]);
  for (const f of stack.backendFiles()) expect(leaks(f.text, needles), `plaintext secret in ${f.path}`).toEqual([]);
}
