using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Uptime = PulumiUptime.Uptime;

return await Deployment.RunAsync(() =>
{
    var apis = Uptime.GetMonitors.Invoke(new()
    {
        Search = "api",
        SearchBy = Uptime.MonitorSearchBy.Name,
    });

    return new Dictionary<string, object?>
    {
        ["apiMonitorIds"] = apis.Apply(r => r.Monitors.Select(m => m.MonitorId).ToList()),
    };
});
