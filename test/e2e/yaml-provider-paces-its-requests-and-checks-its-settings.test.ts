/**
 * Pacing and retry settings through the plugin under the real engine: values in the stack
 * config that are out of range or not numbers fail `preview` before any request, each named
 * with its allowed range;
 * an explicit provider with `requestsPerMinute: 60` (a typed input) spaces its monitors'
 * creates a second apart.
 */
import { describe, expect, it } from "vitest";
import { PLUGIN_DIR, failed, ok, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { arrivalLog, sortedGaps } from "../support/arrivals";
import { PACING_MARGIN } from "../../src/client/pacer";

const COUNT = 4;
const monitors = Array.from(
  { length: COUNT },
  (_, i) => `  m${i}:
    type: uptime:index:Monitor
    properties:
      name: e2e paced ${i}
      url: https://paced-${i}.example.com/
      interval: 60
    options:
      provider: \${paced}`,
).join("\n");

const program = `name: e2e-yaml-paced
runtime: yaml
plugins:
  providers:
    - name: uptime
      path: ${PLUGIN_DIR}
resources:
  paced:
    type: pulumi:providers:uptime
    properties:
      requestsPerMinute: 60
${monitors}
`;

describe("pacing settings of a YAML program", () => {
  const { log, arrivals } = arrivalLog();
  const e2e = lifecycleStack({
    server: { log },
    stack: {
      project: "yaml-paced",
      files: { "Pulumi.yaml": program },
      config: { "uptime:maxRetries": "21", "uptime:timeoutMs": "30s" },
    },
  });

  it("out-of-range values in the stack config fail the preview, named with their ranges, before any request", async () => {
    const r = failed(await e2e.stack.preview());
    // The explicit provider takes these from the stack config: named as set there.
    expect(r.output).toContain('uptime:maxRetries must be a whole number from 0 to 20; got "21"');
    expect(r.output).toContain('uptime:timeoutMs must be a whole number from 1,000 to 600,000; got "30s"');
    expect(e2e.srv.server.requests).toEqual([]);
  });

  it("an explicit provider's requestsPerMinute spaces its creates", async () => {
    await e2e.stack.setConfig("uptime:maxRetries", "3");
    await e2e.stack.setConfig("uptime:timeoutMs", "10000");
    const up = ok(await e2e.stack.up());
    expect(summary(up.output)).toMatchObject({ create: COUNT + 2 });
    const posts = arrivals.filter((a) => a.method === "POST").map((a) => a.at);
    expect(posts).toHaveLength(COUNT);
    // 60 a minute: a second apart (plus the pacer's margin), less arrival jitter.
    expect(sortedGaps(posts)[0]).toBeGreaterThanOrEqual(1000 * PACING_MARGIN - 50);
    ok(await e2e.stack.destroy());
    expect(await e2e.srv.api.monitors()).toEqual([]);
  });
});
