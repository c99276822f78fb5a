package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import io.github.pulumiuptime.uptime.UptimeFunctions;
import io.github.pulumiuptime.uptime.enums.MonitorSearchBy;
import io.github.pulumiuptime.uptime.inputs.GetMonitorsArgs;
import java.util.stream.Collectors;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var apis = UptimeFunctions.getMonitors(GetMonitorsArgs.builder()
            .search("api")
            .searchBy(MonitorSearchBy.Name)
            .build());

        ctx.export("apiMonitorIds", apis.applyValue(r -> r.monitors().stream()
            .map(m -> m.monitorId())
            .collect(Collectors.toList())));
    }
}
