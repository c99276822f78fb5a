package main

import (
	"github.com/pulumi-uptime/pulumi-uptime/sdk/go/uptime"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		api, err := uptime.NewMonitor(ctx, "api", &uptime.MonitorArgs{
			Name:     pulumi.String("API health"),
			Url:      pulumi.String("https://example.com/api/health"),
			Interval: uptime.IntervalSeconds60,
		})
		if err != nil {
			return err
		}
		outage, err := uptime.NewIncident(ctx, "march-outage", &uptime.IncidentArgs{
			MonitorId: api.MonitorId,
			StartedAt: pulumi.String("2026-03-02T09:14:00"),
			EndedAt:   pulumi.String("2026-03-02T09:41:00"),
			Cause:     pulumi.String("primary database failover"),
		})
		if err != nil {
			return err
		}
		ctx.Export("incidentStatus", outage.Status)
		return nil
	})
}
