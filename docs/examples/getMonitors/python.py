import pulumi
import pulumi_uptime as uptime

apis = uptime.get_monitors_output(search="api", search_by=uptime.MonitorSearchBy.NAME)

pulumi.export("apiMonitorIds", apis.monitors.apply(lambda ms: [m.monitor_id for m in ms]))
