package main

import (
	"github.com/pulumi-uptime/pulumi-uptime/sdk/go/uptime"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		incident, err := uptime.LookupIncident(ctx, &uptime.LookupIncidentArgs{IncidentId: cfg.RequireInt("incidentId")})
		if err != nil {
			return err
		}
		ctx.Export("incidentStatus", pulumi.String(string(incident.Status)))
		return nil
	})
}
