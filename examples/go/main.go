// A Go program with the uptime package's Go SDK (generated from the package schema into
// sdk/go): two monitors, a past incident and a lookup, through the provider plugin.
//
//	pulumi config set uptime:baseUrl https://uptime.example.com
//	pulumi config set --secret uptime:apiKey <key>
//	pulumi config set --secret slackWebhookUrl https://hooks.slack.com/services/...
//	pulumi up
package main

import (
	"strings"

	"github.com/pulumi-uptime/pulumi-uptime/sdk/go/uptime"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		site := strings.TrimRight(cfg.Get("site"), "/")
		if site == "" {
			site = "https://example.com"
		}
		interval := cfg.GetInt("apiInterval")
		if interval == 0 {
			interval = 60
		}

		// A plain availability check with certificate-expiry warnings two weeks ahead.
		home, err := uptime.NewMonitor(ctx, "home", &uptime.MonitorArgs{
			Name:         pulumi.String("Go example: home page"),
			Url:          pulumi.String(site),
			Interval:     uptime.IntervalSeconds300,
			SslAlertDays: uptime.ExpiryAlertDaysDays14,
			Alerts: uptime.AlertArray{
				uptime.AlertArgs{Key: uptime.AlertChannelEmail, Value: pulumi.String("ops@example.com")},
			},
		})
		if err != nil {
			return err
		}

		// A text lookup (alerts when the page does not say "ok"), alerting Slack: the
		// webhook URL comes from secret config and stays secret in state.
		api, err := uptime.NewMonitor(ctx, "api", &uptime.MonitorArgs{
			Name:            pulumi.String("Go example: API health"),
			Url:             pulumi.String(site + "/api/health"),
			Interval:        uptime.Interval(interval),
			AlertCondition:  uptime.AlertConditionUrlNoText,
			AlertTextLookup: pulumi.String("ok"),
			RequestHeaders: uptime.RequestHeaderArray{
				uptime.RequestHeaderArgs{Key: pulumi.String("Accept"), Value: pulumi.String("application/json")},
			},
			Alerts: uptime.AlertArray{
				uptime.AlertArgs{Key: uptime.AlertChannelSlack, Value: cfg.RequireSecret("slackWebhookUrl")},
			},
		})
		if err != nil {
			return err
		}

		// A past outage, recorded against the API monitor.
		outage, err := uptime.NewIncident(ctx, "march-outage", &uptime.IncidentArgs{
			MonitorId: api.MonitorId,
			StartedAt: pulumi.String("2026-03-02T09:14:00"),
			EndedAt:   pulumi.String("2026-03-02T09:41:00"),
			Cause:     pulumi.String("primary database failover"),
		})
		if err != nil {
			return err
		}

		// A lookup through the provider: the API monitor as the service reports it now.
		now := uptime.LookupMonitorOutput(ctx, uptime.LookupMonitorOutputArgs{MonitorId: api.MonitorId})

		ctx.Export("homeMonitorId", home.MonitorId)
		ctx.Export("apiMonitorId", api.MonitorId)
		ctx.Export("apiInterval", api.Interval)
		ctx.Export("apiStatus", now.Status())
		ctx.Export("outageStatus", outage.Status)
		return nil
	})
}
