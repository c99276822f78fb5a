import pulumi
import pulumi_uptime as uptime

config = pulumi.Config()
open_incidents = uptime.get_incidents_output(
    monitor_id=config.require_int("monitorId"),
    status=uptime.IncidentStatus.UNRESOLVED)

pulumi.export("openIncidents", open_incidents.incidents.apply(lambda items: len(items)))
