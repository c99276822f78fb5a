using System.Collections.Generic;
using Pulumi;
using Uptime = PulumiUptime.Uptime;

return await Deployment.RunAsync(() =>
{
    var api = new Uptime.Monitor("api", new()
    {
        Name = "API health",
        Url = "https://example.com/api/health",
        Interval = Uptime.Interval.Seconds60,
    });

    var outage = new Uptime.Incident("march-outage", new()
    {
        MonitorId = api.MonitorId,
        StartedAt = "2026-03-02T09:14:00",
        EndedAt = "2026-03-02T09:41:00",
        Cause = "primary database failover",
    });

    return new Dictionary<string, object?> { ["incidentStatus"] = outage.Status };
});
