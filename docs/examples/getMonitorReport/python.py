import pulumi
import pulumi_uptime as uptime

config = pulumi.Config()
report = uptime.get_monitor_report_output(
    monitor_id=config.require_int("monitorId"),
    window="30d",
    slo=99.9)

pulumi.export("availability", report.availability)
pulumi.export("budgetLeft", report.budget.apply(lambda b: b.remaining_percent if b else None))
