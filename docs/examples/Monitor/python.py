import pulumi
import pulumi_uptime as uptime

home = uptime.Monitor("home",
    name="Home page",
    url="https://example.com",
    interval=uptime.Interval.SECONDS300,
    alerts=[uptime.AlertArgs(key=uptime.AlertChannel.EMAIL, value="ops@example.com")])

pulumi.export("monitorId", home.monitor_id)
