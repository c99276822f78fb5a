package main

import (
	"github.com/pulumi-uptime/pulumi-uptime/sdk/go/uptime"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		home, err := uptime.NewMonitor(ctx, "home", &uptime.MonitorArgs{
			Name:     pulumi.String("Home page"),
			Url:      pulumi.String("https://example.com"),
			Interval: uptime.IntervalSeconds300,
			Alerts: uptime.AlertArray{
				uptime.AlertArgs{Key: uptime.AlertChannelEmail, Value: pulumi.String("ops@example.com")},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("monitorId", home.MonitorId)
		return nil
	})
}
