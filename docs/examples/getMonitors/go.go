package main

import (
	"github.com/pulumi-uptime/pulumi-uptime/sdk/go/uptime"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		searchBy := uptime.MonitorSearchByName
		apis, err := uptime.GetMonitors(ctx, &uptime.GetMonitorsArgs{
			Search:   pulumi.StringRef("api"),
			SearchBy: &searchBy,
		})
		if err != nil {
			return err
		}
		ids := make([]int, 0, len(apis.Monitors))
		for _, m := range apis.Monitors {
			ids = append(ids, m.MonitorId)
		}
		ctx.Export("apiMonitorIds", pulumi.ToIntArray(ids))
		return nil
	})
}
