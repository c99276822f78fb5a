"""A Python program with the uptime package's Python SDK (generated from the package schema
into sdk/python): an API monitor alerting Slack, a past incident on it and a search, on the
stack's service; a status-page monitor behind basic auth on a second service, through an
explicit provider.

    pulumi config set uptime:baseUrl https://uptime.example.com
    pulumi config set --secret uptime:apiKey <key>
    pulumi config set --secret slackWebhookUrl https://hooks.slack.com/services/...
    pulumi config set statusBaseUrl https://uptime.other.example.com
    pulumi config set --secret statusApiKey <key of that service>
    pulumi config set --secret statusPassword <the status page's password>
    pulumi up
"""
import pulumi
import pulumi_uptime as uptime

config = pulumi.Config()
site = (config.get("site") or "https://example.com").rstrip("/")


def interval(seconds: int) -> uptime.Interval:
    """The Interval of a number of seconds, or an error naming the allowed values."""
    for i in uptime.Interval:
        if i.value == seconds:
            return i
    allowed = ", ".join(str(i.value) for i in uptime.Interval)
    raise ValueError(f"apiInterval: {seconds} is not one of {allowed}")


# A text lookup (alerts when the page does not say "ok"), alerting Slack: the webhook URL
# comes from secret config and stays secret in state.
api = uptime.Monitor(
    "api",
    name="Python example: API health",
    url=f"{site}/api/health",
    interval=interval(config.get_int("apiInterval") or 60),
    alert_condition=uptime.AlertCondition.URL_NO_TEXT,
    alert_text_lookup="ok",
    ssl_alert_days=uptime.ExpiryAlertDays.DAYS14,
    request_headers=[uptime.RequestHeaderArgs(key="Accept", value="application/json")],
    alerts=[uptime.AlertArgs(key=uptime.AlertChannel.SLACK, value=config.require_secret("slackWebhookUrl"))],
)

# A past outage, recorded against the API monitor.
outage = uptime.Incident(
    "march-outage",
    monitor_id=api.monitor_id,
    started_at="2026-03-02T09:14:00",
    ended_at="2026-03-02T09:41:00",
    cause="primary database failover",
)

# The second service, reached through its own provider with its own key.
status_service = uptime.Provider(
    "status-service",
    base_url=config.require("statusBaseUrl"),
    api_key=config.require_secret("statusApiKey"),
)

# A status page behind basic auth; the password stays secret in state.
status = uptime.Monitor(
    "status-page",
    name="Python example: status page",
    url=f"{site}/status",
    interval=uptime.Interval.SECONDS300,
    request_auth_username="monitor",
    request_auth_password=config.require_secret("statusPassword"),
    opts=pulumi.ResourceOptions(provider=status_service),
)

# A search through the stack's provider: the monitors whose name is the API monitor's, as
# the service reports them now.
found = uptime.get_monitors_output(search=api.name, search_by=uptime.MonitorSearchBy.NAME)

pulumi.export("apiMonitorId", api.monitor_id)
pulumi.export("statusMonitorId", status.monitor_id)
pulumi.export("apiInterval", api.interval.apply(int))
pulumi.export("outageStatus", outage.status)
pulumi.export("apiMonitorsFound", found.monitors.apply(len))
