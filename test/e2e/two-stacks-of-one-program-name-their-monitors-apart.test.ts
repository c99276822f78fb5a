/**
 * Autonaming under the real engine: one program whose monitors declare no name runs as two
 * stacks against one account (one local server, one API key), one stack with a
 * `pulumi:autonaming` pattern and one without. No name collides, each stack's monitors
 * carry the expected names, and the second `preview` shows no change (a name is chosen
 * once and kept). Through the plugin (YAML) the pattern applies; the dynamic class (Node.js)
 * gets no autonaming from the engine and uses the default pattern in both stacks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { E2EStack, failed, ok } from "./harness";
import { requestsBeyondSettingsCheck, startE2EServer, type E2EServer } from "./api";

const PATTERN = "${stack}-${name}";
const DEFAULT_NAME = (resource: string) => new RegExp(`^${resource}-[a-z0-9]{7}$`);

let srv: E2EServer;
beforeAll(async () => {
  srv = await startE2EServer();
});
afterAll(async () => {
  await srv?.close();
});

/** Both stacks of `project`, the second with the autonaming pattern; disposed by the caller. */
async function twoStacks(project: string): Promise<[E2EStack, E2EStack]> {
  const plain = await E2EStack.create({ project, stack: "prod", server: { url: srv.url, apiKey: srv.apiKey } });
  const patterned = await E2EStack.create({ project, stack: "review", server: { url: srv.url, apiKey: srv.apiKey } });
  await patterned.mustRun([
    "config",
    "set",
    "--path",
    "--stack",
    "review",
    "--non-interactive",
    "pulumi:autonaming.pattern",
    "--",
    PATTERN,
  ]);
  return [plain, patterned];
}

/** Up, then a preview that must show no change; the stack's monitor names. */
async function upTwice(stack: E2EStack): Promise<Record<string, unknown>> {
  ok(await stack.up());
  ok(await stack.preview(["--expect-no-changes"]));
  return stack.outputs();
}

async function lifecycle(project: string, expected: (stack: string, resource: string) => RegExp) {
  const stacks = await twoStacks(project);
  try {
    const names: string[] = [];
    for (const stack of stacks) {
      const outputs = await upTwice(stack);
      for (const resource of ["api", "web"]) {
        expect(outputs[`${resource}Name`]).toMatch(expected(stack.stack, resource));
        names.push(outputs[`${resource}Name`] as string);
      }
    }
    // Two distinct monitors per declared resource, each under the name its stack recorded.
    const stored = (await srv.api.monitors()).map((m) => m.name).sort();
    expect(new Set(names).size).toBe(4);
    expect(stored).toEqual([...names].sort());
    for (const stack of stacks) ok(await stack.destroy());
    expect(await srv.api.monitors()).toEqual([]);
  } finally {
    stacks.forEach((s) => s.dispose());
  }
}

describe("two stacks of one program on one account", () => {
  it("through the plugin: the pattern names one stack's monitors, the engine's default the other's", async () => {
    await lifecycle("yaml-autonaming", (stack, resource) =>
      stack === "review" ? new RegExp(`^review-${resource}$`) : DEFAULT_NAME(resource),
    );
  });

  it("through the dynamic class: the default pattern in both stacks", async () => {
    await lifecycle("autonaming", (_stack, resource) => DEFAULT_NAME(resource));
  });

  it("through the plugin with autonaming disabled: preview fails naming the field, before any request", async () => {
    const stack = await E2EStack.create({
      project: "yaml-autonaming",
      stack: "strict",
      server: { url: srv.url, apiKey: srv.apiKey },
    });
    try {
      await stack.mustRun([
        "config",
        "set",
        "--path",
        "--stack",
        "strict",
        "--non-interactive",
        "pulumi:autonaming.mode",
        "--",
        "disabled",
      ]);
      const before = srv.server.requests.length;
      const preview = failed(await stack.preview());
      expect(preview.output).toContain("name: is required: autonaming is disabled for this stack");
      expect(requestsBeyondSettingsCheck(srv.server, before)).toEqual([]);
    } finally {
      stack.dispose();
    }
  });
});
