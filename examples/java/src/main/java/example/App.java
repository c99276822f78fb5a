// A Java program with the uptime package's Java SDK (generated from the package schema into
// sdk/java): an API monitor alerting Slack, a past incident on it and a search, on the stack's
// service; a status-page monitor behind basic auth on a second service, through an explicit
// provider.
//
//   pulumi config set uptime:baseUrl https://uptime.example.com
//   pulumi config set --secret uptime:apiKey <key>
//   pulumi config set --secret slackWebhookUrl https://hooks.slack.com/services/...
//   pulumi config set statusBaseUrl https://uptime.other.example.com
//   pulumi config set --secret statusApiKey <key of that service>
//   pulumi config set --secret statusPassword <the status page's password>
//   pulumi up
package example;

import com.pulumi.Pulumi;
import com.pulumi.resources.CustomResourceOptions;
import io.github.pulumiuptime.uptime.Incident;
import io.github.pulumiuptime.uptime.IncidentArgs;
import io.github.pulumiuptime.uptime.Monitor;
import io.github.pulumiuptime.uptime.MonitorArgs;
import io.github.pulumiuptime.uptime.Provider;
import io.github.pulumiuptime.uptime.ProviderArgs;
import io.github.pulumiuptime.uptime.UptimeFunctions;
import io.github.pulumiuptime.uptime.enums.AlertChannel;
import io.github.pulumiuptime.uptime.enums.AlertCondition;
import io.github.pulumiuptime.uptime.enums.ExpiryAlertDays;
import io.github.pulumiuptime.uptime.enums.Interval;
import io.github.pulumiuptime.uptime.enums.MonitorSearchBy;
import io.github.pulumiuptime.uptime.inputs.AlertArgs;
import io.github.pulumiuptime.uptime.inputs.GetMonitorsArgs;
import io.github.pulumiuptime.uptime.inputs.RequestHeaderArgs;
import java.util.Arrays;
import java.util.stream.Collectors;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var config = ctx.config();
            var site = config.get("site").orElse("https://example.com").replaceAll("/+$", "");
            var interval = interval(config.getInteger("apiInterval").orElse(60));

            // A text lookup (alerts when the page does not say "ok"), alerting Slack: the
            // webhook URL comes from secret config and stays secret in state.
            var api = new Monitor("api", MonitorArgs.builder()
                .name("Java example: API health")
                .url(site + "/api/health")
                .interval(interval)
                .alertCondition(AlertCondition.UrlNoText)
                .alertTextLookup("ok")
                .sslAlertDays(ExpiryAlertDays.Days14)
                .requestHeaders(RequestHeaderArgs.builder().key("Accept").value("application/json").build())
                .alerts(AlertArgs.builder().key(AlertChannel.Slack).value(config.requireSecret("slackWebhookUrl")).build())
                .build());

            // A past outage, recorded against the API monitor.
            var outage = new Incident("march-outage", IncidentArgs.builder()
                .monitorId(api.monitorId())
                .startedAt("2026-03-02T09:14:00")
                .endedAt("2026-03-02T09:41:00")
                .cause("primary database failover")
                .build());

            // The second service, reached through its own provider with its own key.
            var statusService = new Provider("status-service", ProviderArgs.builder()
                .baseUrl(config.require("statusBaseUrl"))
                .apiKey(config.requireSecret("statusApiKey"))
                .build());

            // A status page behind basic auth; the password stays secret in state.
            var status = new Monitor("status-page", MonitorArgs.builder()
                .name("Java example: status page")
                .url(site + "/status")
                .interval(Interval.Seconds300)
                .requestAuthUsername("monitor")
                .requestAuthPassword(config.requireSecret("statusPassword"))
                .build(),
                CustomResourceOptions.builder().provider(statusService).build());

            // A search through the stack's provider: the monitors whose name is the API
            // monitor's, as the service reports them now.
            var found = UptimeFunctions.getMonitors(GetMonitorsArgs.builder()
                .search(api.name())
                .searchBy(MonitorSearchBy.Name)
                .build());

            ctx.export("apiMonitorId", api.monitorId());
            ctx.export("statusMonitorId", status.monitorId());
            ctx.export("apiInterval", api.interval().applyValue(i -> i.getValue().intValue()));
            ctx.export("outageStatus", outage.status().applyValue(s -> s.getValue()));
            ctx.export("apiMonitorsFound", found.applyValue(r -> r.monitors().size()));
        });
    }

    /** The Interval of a number of seconds, or an error naming the allowed values. */
    static Interval interval(int seconds) {
        return Arrays.stream(Interval.values())
            .filter(i -> i.getValue().intValue() == seconds)
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("apiInterval: " + seconds + " is not one of "
                + Arrays.stream(Interval.values()).map(i -> String.valueOf(i.getValue().intValue())).collect(Collectors.joining(", "))));
    }
}
