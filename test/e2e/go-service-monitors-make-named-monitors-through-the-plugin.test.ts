/**
 * A Go program's `ServiceMonitors` on the generated Go SDK, built by the plugin's Construct
 * under the real engine: the shared lifecycle (service-monitors-lifecycle.ts).
 */
import { PLUGIN_MONITOR_TYPE } from "./harness";
import { projectEnv, projectFiles } from "./import-programs";
import { renamed, serviceMonitorsLifecycle } from "./service-monitors-lifecycle";

const program = `package main

import (
	"github.com/pulumi-uptime/pulumi-uptime/sdk/go/uptime"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		checkout, err := uptime.NewServiceMonitors(ctx, "checkout", &uptime.ServiceMonitorsArgs{
			Service:  pulumi.String("checkout"),
			BaseUrl:  pulumi.String("https://checkout.example.com"),
			Interval: uptime.IntervalSeconds300,
			Alerts: uptime.AlertArray{
				uptime.AlertArgs{Key: uptime.AlertChannelEmail, Value: cfg.RequireSecret("oncall")},
			},
			Checks: uptime.ServiceCheckMap{
				"health": uptime.ServiceCheckArgs{Path: pulumi.String("/health"), ExpectText: pulumi.String("ok"), Interval: uptime.IntervalSeconds60},
				"home": uptime.ServiceCheckArgs{Path: pulumi.String("/")},
				"api": uptime.ServiceCheckArgs{
					Path:       pulumi.String("/api/status"),
					ForbidText: pulumi.String("error"),
					RequestHeaders: uptime.RequestHeaderArray{
						uptime.RequestHeaderArgs{Key: pulumi.String("X-Probe-Token"), Value: cfg.RequireSecret("probeToken")},
					},
				},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("names", checkout.MonitorNames)
		ctx.Export("ids", checkout.MonitorIds)
		ctx.Export("selector", checkout.Selector)
		return nil
	})
}
`;

serviceMonitorsLifecycle({
  title: "ServiceMonitors in a Go program through the plugin",
  stack: {
    project: "go-service-monitors",
    files: { ...renamed(projectFiles("go"), "go-service-monitors"), "main.go": program },
  },
  monitorType: PLUGIN_MONITOR_TYPE,
  prepare: (dir) => projectEnv("go", dir),
  edits: {
    file: "main.go",
    badPath: (t) => t.replace('pulumi.String("/health")', 'pulumi.String("health")'),
    badChildUrl: (t) => t.replace('pulumi.String("/api/status")', 'pulumi.String("/api status")'),
    rename: (t) =>
      t.replace(
        '"home": uptime.ServiceCheckArgs{Path: pulumi.String("/")},',
        '"root": uptime.ServiceCheckArgs{Path: pulumi.String("/"), Formerly: pulumi.String("home")},',
      ),
    dropApi: (t) => t.replace(/\t{4}"api": uptime\.ServiceCheckArgs\{\n[\s\S]*?\n\t{4}\},\n/, ""),
  },
});
