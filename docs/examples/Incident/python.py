import pulumi
import pulumi_uptime as uptime

api = uptime.Monitor("api",
    name="API health",
    url="https://example.com/api/health",
    interval=uptime.Interval.SECONDS60)

outage = uptime.Incident("march-outage",
    monitor_id=api.monitor_id,
    started_at="2026-03-02T09:14:00",
    ended_at="2026-03-02T09:41:00",
    cause="primary database failover")

pulumi.export("incidentStatus", outage.status)
