package main

import (
	"github.com/pulumi-uptime/pulumi-uptime/sdk/go/uptime"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		window := "30d"
		slo := 99.9
		report, err := uptime.GetMonitorReport(ctx, &uptime.GetMonitorReportArgs{
			MonitorId: cfg.RequireInt("monitorId"),
			Window:    &window,
			Slo:       &slo,
		})
		if err != nil {
			return err
		}
		ctx.Export("availability", pulumi.Float64(report.Availability))
		if report.Budget != nil {
			ctx.Export("budgetLeft", pulumi.Float64(report.Budget.RemainingPercent))
		}
		return nil
	})
}
