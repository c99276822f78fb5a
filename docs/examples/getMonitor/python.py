import pulumi
import pulumi_uptime as uptime

config = pulumi.Config()
existing = uptime.get_monitor_output(monitor_id=config.require_int("monitorId"))

pulumi.export("existingUrl", existing.url)
pulumi.export("existingStatus", existing.status)
