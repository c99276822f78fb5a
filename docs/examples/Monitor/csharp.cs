using System.Collections.Generic;
using Pulumi;
using Uptime = PulumiUptime.Uptime;

return await Deployment.RunAsync(() =>
{
    var home = new Uptime.Monitor("home", new()
    {
        Name = "Home page",
        Url = "https://example.com",
        Interval = Uptime.Interval.Seconds300,
        Alerts = new[]
        {
            new Uptime.Inputs.AlertArgs { Key = Uptime.AlertChannel.Email, Value = "ops@example.com" },
        },
    });

    return new Dictionary<string, object?> { ["monitorId"] = home.MonitorId };
});
