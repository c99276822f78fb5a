using System.Collections.Generic;
using Pulumi;
using Uptime = PulumiUptime.Uptime;

return await Deployment.RunAsync(() =>
{
    var config = new Config();
    var incident = Uptime.GetIncident.Invoke(new() { IncidentId = config.RequireInt32("incidentId") });

    return new Dictionary<string, object?> { ["incidentStatus"] = incident.Apply(i => i.Status) };
});
