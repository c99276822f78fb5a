/**
 * A `ServiceMonitors` whose `baseUrl` comes from another resource's output: each child
 * monitor built from it depends on that resource, as the engine told Construct (the
 * component's input dependencies), not only on its parent. The engine orders deletes,
 * replacements and targeted runs of the children by these.
 */
import { expect, it } from "vitest";
import { PLUGIN_MONITOR_TYPE, ok, type ExportedResource } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { YAML_SERVICE_MONITORS } from "./yaml-service-monitors-stack";

const e2e = lifecycleStack({
  stack: YAML_SERVICE_MONITORS,
});

it("each child monitor depends on the resource its baseUrl comes from", async () => {
  e2e.stack.editFile("Pulumi.yaml", (t) =>
    t
      .replace(
        "resources:\n",
        "resources:\n" +
          "  anchor:\n" +
          "    type: uptime:index:Monitor\n" +
          "    properties:\n" +
          "      name: anchor\n" +
          "      url: https://checkout.example.com\n" +
          "      interval: 300\n",
      )
      .replace("baseUrl: https://checkout.example.com", "baseUrl: ${anchor.url}"),
  );
  ok(await e2e.stack.up());
  const monitors = (await e2e.stack.resources(PLUGIN_MONITOR_TYPE)) as (ExportedResource & {
    dependencies?: string[];
  })[];
  const anchor = monitors.find((m) => m.urn.endsWith("::anchor"));
  const children = monitors.filter((m) => m.parent?.endsWith("::checkout"));
  expect(anchor).toBeDefined();
  expect(children.map((c) => c.urn.split("::").pop()).sort()).toEqual([
    "checkout-api",
    "checkout-health",
    "checkout-home",
  ]);
  for (const child of children) expect(child.dependencies ?? []).toContain(anchor!.urn);
});
