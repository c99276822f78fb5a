/**
 * A YAML program renames its `ServiceMonitors` and names the old name in `aliases`
 * (`{ name: checkout }`): the engine hands the plugin's Construct that alias as a spec,
 * not a URN. The component keeps its place in the state and its children follow it (the
 * engine derives their aliases from their parent's), so no monitor is created or deleted:
 * each keeps its id, and its name (made from `service`, not the resource name) stays.
 */
import { expect, it } from "vitest";
import { PLUGIN_MONITOR_TYPE, ok, summary } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { YAML_SERVICE_MONITORS } from "./yaml-service-monitors-stack";

const e2e = lifecycleStack({
  stack: YAML_SERVICE_MONITORS,
  up: true,
});

it("a ServiceMonitors renamed with an alias spec keeps its component and each monitor's id", async () => {
  const before = await e2e.srv.api.monitors();
  expect(before.map((m) => m.name).sort()).toEqual(["e2e/checkout/api", "e2e/checkout/health", "e2e/checkout/home"]);
  e2e.stack.editFile("Pulumi.yaml", (t) =>
    t
      .replace(
        "  checkout:\n    type: uptime:index:ServiceMonitors\n",
        "  shop:\n    type: uptime:index:ServiceMonitors\n",
      )
      .replace(
        "    properties:\n      service: checkout\n",
        "    options:\n      aliases:\n        - name: checkout\n    properties:\n      service: checkout\n",
      )
      .replaceAll("${checkout.", "${shop."),
  );
  const counts = summary(ok(await e2e.stack.up()).output);
  expect(counts.create ?? 0).toBe(0);
  expect(counts.delete ?? 0).toBe(0);
  expect(await e2e.srv.api.monitors()).toEqual(before);
  const children = await e2e.stack.resources(PLUGIN_MONITOR_TYPE);
  expect(children.map((c) => c.urn.split("::").pop()).sort()).toEqual(["shop-api", "shop-health", "shop-home"]);
  expect(children.map((c) => c.id).sort()).toEqual(before.map((m) => String(m.id)).sort());
  ok(await e2e.stack.preview(["--expect-no-changes"]));
});
