using System.Collections.Generic;
using Pulumi;
using Uptime = PulumiUptime.Uptime;

return await Deployment.RunAsync(() =>
{
    var config = new Config();
    var open = Uptime.GetIncidents.Invoke(new()
    {
        MonitorId = config.RequireInt32("monitorId"),
        Status = Uptime.IncidentStatus.Unresolved,
    });

    return new Dictionary<string, object?> { ["openIncidents"] = open.Apply(r => r.Incidents.Length) };
});
