package main

import (
	"github.com/pulumi-uptime/pulumi-uptime/sdk/go/uptime"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		checkout, err := uptime.NewServiceMonitors(ctx, "checkout", &uptime.ServiceMonitorsArgs{
			Service:  pulumi.String("checkout"),
			BaseUrl:  pulumi.String("https://checkout.example.com"),
			Interval: uptime.IntervalSeconds300,
			Alerts: uptime.AlertArray{
				uptime.AlertArgs{Key: uptime.AlertChannelEmail, Value: pulumi.String("oncall@example.com")},
			},
			Checks: uptime.ServiceCheckMap{
				"health": uptime.ServiceCheckArgs{
					Path:       pulumi.String("/health"),
					ExpectText: pulumi.String("ok"),
					Interval:   uptime.IntervalSeconds60,
				},
				"home": uptime.ServiceCheckArgs{Path: pulumi.String("/")},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("monitorNames", checkout.MonitorNames)
		ctx.Export("selector", checkout.Selector)
		return nil
	})
}
