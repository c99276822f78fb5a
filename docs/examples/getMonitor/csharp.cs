using System.Collections.Generic;
using Pulumi;
using Uptime = PulumiUptime.Uptime;

return await Deployment.RunAsync(() =>
{
    var config = new Config();
    var existing = Uptime.GetMonitor.Invoke(new() { MonitorId = config.RequireInt32("monitorId") });

    return new Dictionary<string, object?>
    {
        ["existingUrl"] = existing.Apply(m => m.Url),
        ["existingStatus"] = existing.Apply(m => m.Status),
    };
});
