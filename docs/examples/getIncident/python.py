import pulumi
import pulumi_uptime as uptime

config = pulumi.Config()
incident = uptime.get_incident_output(incident_id=config.require_int("incidentId"))

pulumi.export("incidentStatus", incident.status)
