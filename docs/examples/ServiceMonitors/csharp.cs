using System.Collections.Generic;
using Pulumi;
using Uptime = PulumiUptime.Uptime;

return await Deployment.RunAsync(() =>
{
    var checkout = new Uptime.ServiceMonitors("checkout", new()
    {
        Service = "checkout",
        BaseUrl = "https://checkout.example.com",
        Interval = Uptime.Interval.Seconds300,
        Alerts = new[]
        {
            new Uptime.Inputs.AlertArgs { Key = Uptime.AlertChannel.Email, Value = "oncall@example.com" },
        },
        Checks =
        {
            ["health"] = new Uptime.Inputs.ServiceCheckArgs { Path = "/health", ExpectText = "ok", Interval = Uptime.Interval.Seconds60 },
            ["home"] = new Uptime.Inputs.ServiceCheckArgs { Path = "/" },
        },
    });

    return new Dictionary<string, object?>
    {
        ["monitorNames"] = checkout.MonitorNames,
        ["selector"] = checkout.Selector,
    };
});
