package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import io.github.pulumiuptime.uptime.Incident;
import io.github.pulumiuptime.uptime.IncidentArgs;
import io.github.pulumiuptime.uptime.Monitor;
import io.github.pulumiuptime.uptime.MonitorArgs;
import io.github.pulumiuptime.uptime.enums.Interval;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var api = new Monitor("api", MonitorArgs.builder()
            .name("API health")
            .url("https://example.com/api/health")
            .interval(Interval.Seconds60)
            .build());

        var outage = new Incident("march-outage", IncidentArgs.builder()
            .monitorId(api.monitorId())
            .startedAt("2026-03-02T09:14:00")
            .endedAt("2026-03-02T09:41:00")
            .cause("primary database failover")
            .build());

        ctx.export("incidentStatus", outage.status());
    }
}
