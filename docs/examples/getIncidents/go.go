package main

import (
	"github.com/pulumi-uptime/pulumi-uptime/sdk/go/uptime"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		monitorId := cfg.RequireInt("monitorId")
		status := uptime.IncidentStatusUnresolved
		open, err := uptime.GetIncidents(ctx, &uptime.GetIncidentsArgs{MonitorId: &monitorId, Status: &status})
		if err != nil {
			return err
		}
		ctx.Export("openIncidents", pulumi.Int(len(open.Incidents)))
		return nil
	})
}
