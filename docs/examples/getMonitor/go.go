package main

import (
	"github.com/pulumi-uptime/pulumi-uptime/sdk/go/uptime"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		existing, err := uptime.LookupMonitor(ctx, &uptime.LookupMonitorArgs{MonitorId: cfg.RequireInt("monitorId")})
		if err != nil {
			return err
		}
		ctx.Export("existingUrl", pulumi.String(existing.Url))
		ctx.Export("existingStatus", pulumi.String(string(existing.Status)))
		return nil
	})
}
