/**
 * A resource fed by a `ServiceMonitors`' output (`monitorNames`) depends on the child
 * monitors that output comes from, not only on the component: Construct tells the engine
 * which children each output comes from, as the SDK's own component server does, and an
 * SDK that reads those (Python here; Go's ties every output to the component) passes them
 * on. The engine orders updates, replacements and targeted runs by these dependencies.
 */
import { expect, it } from "vitest";
import { E2EStack, PLUGIN_MONITOR_TYPE, ok, type ExportedResource } from "./harness";
import { lifecycleStack } from "./lifecycle-stack";
import { projectEnv, projectFiles } from "./import-programs";
import { renamed } from "./service-monitors-lifecycle";

const program = `import pulumi
import pulumi_uptime as uptime

checkout = uptime.ServiceMonitors("checkout",
    service="checkout",
    base_url="https://checkout.example.com",
    interval=uptime.Interval.SECONDS300,
    checks={"health": uptime.ServiceCheckArgs(path="/health"), "home": uptime.ServiceCheckArgs(path="/")})

uptime.Monitor("mirror",
    name=checkout.monitor_names.apply(lambda names: names["health"] + "-mirror"),
    url="https://checkout.example.com/health",
    interval=uptime.Interval.SECONDS300)
`;

const e2e = lifecycleStack({
  stack: async (srv) => {
    const stack = await E2EStack.create({
      project: "python-service-monitors-deps",
      files: { ...renamed(projectFiles("python"), "python-service-monitors-deps"), "__main__.py": program },
      server: srv,
    });
    for (const [k, v] of Object.entries(await projectEnv("python", stack.dir))) stack.setEnv(k, v);
    return stack;
  },
});

type Dependent = ExportedResource & { dependencies?: string[]; propertyDependencies?: Record<string, string[]> };

it("a monitor named after a child's name depends on the component's children", async () => {
  ok(await e2e.stack.up());
  const monitors = (await e2e.stack.resources(PLUGIN_MONITOR_TYPE)) as Dependent[];
  const urnOf = (name: string) => monitors.find((m) => m.urn.endsWith(`::${name}`))?.urn;
  const mirror = monitors.find((m) => m.urn.endsWith("::mirror"));
  expect(urnOf("checkout-health")).toBeDefined();
  expect(mirror?.propertyDependencies?.name).toContain(urnOf("checkout-health"));
});
