/**
 * A Python program's `ServiceMonitors` on the generated Python SDK, built by the plugin's
 * Construct under the real engine: the shared lifecycle (service-monitors-lifecycle.ts).
 */
import { PLUGIN_MONITOR_TYPE } from "./harness";
import { projectEnv, projectFiles } from "./import-programs";
import { renamed, serviceMonitorsLifecycle } from "./service-monitors-lifecycle";

const program = `import pulumi
import pulumi_uptime as uptime

config = pulumi.Config()
checkout = uptime.ServiceMonitors("checkout",
    service="checkout",
    base_url="https://checkout.example.com",
    interval=uptime.Interval.SECONDS300,
    alerts=[uptime.AlertArgs(key=uptime.AlertChannel.EMAIL, value=config.require_secret("oncall"))],
    checks={
        "health": uptime.ServiceCheckArgs(path="/health", expect_text="ok", interval=uptime.Interval.SECONDS60),
        "home": uptime.ServiceCheckArgs(path="/"),
        "api": uptime.ServiceCheckArgs(
            path="/api/status",
            forbid_text="error",
            request_headers=[uptime.RequestHeaderArgs(key="X-Probe-Token", value=config.require_secret("probeToken"))],
        ),
    })

pulumi.export("names", checkout.monitor_names)
pulumi.export("ids", checkout.monitor_ids)
pulumi.export("selector", checkout.selector)
`;

serviceMonitorsLifecycle({
  title: "ServiceMonitors in a Python program through the plugin",
  stack: {
    project: "python-service-monitors",
    files: { ...renamed(projectFiles("python"), "python-service-monitors"), "__main__.py": program },
  },
  monitorType: PLUGIN_MONITOR_TYPE,
  prepare: (dir) => projectEnv("python", dir),
  edits: {
    file: "__main__.py",
    badPath: (t) => t.replace('path="/health"', 'path="health"'),
    badChildUrl: (t) => t.replace('path="/api/status"', 'path="/api status"'),
    rename: (t) =>
      t.replace(
        '"home": uptime.ServiceCheckArgs(path="/"),',
        '"root": uptime.ServiceCheckArgs(path="/", formerly="home"),',
      ),
    dropApi: (t) => t.replace(/ {8}"api": uptime\.ServiceCheckArgs\(\n[\s\S]*?\n {8}\),\n/, ""),
  },
});
