using System.Collections.Generic;
using Pulumi;
using Uptime = PulumiUptime.Uptime;

return await Deployment.RunAsync(() =>
{
    var config = new Config();
    var report = Uptime.GetMonitorReport.Invoke(new()
    {
        MonitorId = config.RequireInt32("monitorId"),
        Window = "30d",
        Slo = 99.9,
    });

    return new Dictionary<string, object?>
    {
        ["availability"] = report.Apply(r => r.Availability),
        ["budgetLeft"] = report.Apply(r => r.Budget?.RemainingPercent),
    };
});
