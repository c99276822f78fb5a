import pulumi
import pulumi_uptime as uptime

checkout = uptime.ServiceMonitors("checkout",
    service="checkout",
    base_url="https://checkout.example.com",
    interval=uptime.Interval.SECONDS300,
    alerts=[uptime.AlertArgs(key=uptime.AlertChannel.EMAIL, value="oncall@example.com")],
    checks={
        "health": uptime.ServiceCheckArgs(path="/health", expect_text="ok", interval=uptime.Interval.SECONDS60),
        "home": uptime.ServiceCheckArgs(path="/"),
    })

pulumi.export("monitorNames", checkout.monitor_names)
pulumi.export("selector", checkout.selector)
