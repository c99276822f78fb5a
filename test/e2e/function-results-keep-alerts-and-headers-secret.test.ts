/**
 * Under the real engine: `getMonitor` / `getMonitors` and their Output forms hand over
 * `alerts` and `requestHeaders` (webhook URLs, tokens) as secrets, so a program that exports
 * or passes them on keeps them encrypted in state and out of the engine's output; the
 * monitor's other fields stay plain in the Promise forms.
 */
import { describe, expect, it } from "vitest";
import { isSecretEnvelope, leaks, ok } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { stackReadingAMonitor } from "./stack-reading-a-monitor";

const HOOK = "https://hooks.example.com/functions/e2e-SECRET-hook";
const TOKEN = "Bearer e2e-functions-SECRET-token";

describe("function results", () => {
  const e2e = lifecycleStack();

  it("keep alerts and request headers secret in the stack's outputs and state", async () => {
    await stackReadingAMonitor(
      e2e,
      "functions",
      {
        name: "e2e functions read",
        url: "https://fn.example.com/",
        interval: 300,
        "alerts[0][key]": "webhook",
        "alerts[0][value]": HOOK,
        "request_headers[0][key]": "Authorization",
        "request_headers[0][value]": TOKEN,
      },
      { "fixture:search": "e2e functions" },
    );
    ok(await e2e.stack.up());

    const outputs = await e2e.stack.outputs();
    expect(outputs.name).toBe("e2e functions read");
    for (const key of ["alerts", "requestHeaders", "outputAlerts", "outputMonitors"])
      expect(outputs[key], key).toBe("[secret]");
    expect(outputs.listedAlerts).toEqual(["[secret]"]); // one secret per monitor listed

    const { text, json } = await e2e.stack.stackExport();
    const root = json.deployment.resources!.find((r) => r.type === "pulumi:pulumi:Stack")!;
    for (const key of ["alerts", "requestHeaders", "outputAlerts", "outputMonitors"])
      expect(isSecretEnvelope(root.outputs?.[key]), key).toBe(true);
    expect(isSecretEnvelope((root.outputs?.listedAlerts as unknown[])[0])).toBe(true);
    expect(leaks(text, [HOOK, TOKEN])).toEqual([]);
    for (const f of e2e.stack.backendFiles()) expect(leaks(f.text, [HOOK, TOKEN]), f.path).toEqual([]);
    expect(leaks(e2e.stack.allOutput(), [HOOK, TOKEN])).toEqual([]);

    // The values are the real ones, for whoever may see secrets.
    const shown = await e2e.stack.mustRun([
      "stack",
      "output",
      "--json",
      "--show-secrets",
      "--stack",
      e2e.stack.stack,
      "--non-interactive",
    ]);
    const plain = JSON.parse(shown.stdout) as Record<string, unknown>;
    expect(plain.alerts).toEqual([{ key: "webhook", value: HOOK }]);
    expect(plain.requestHeaders).toEqual([{ key: "Authorization", value: TOKEN }]);
  });
});
