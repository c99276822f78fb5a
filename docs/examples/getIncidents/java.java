package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import io.github.pulumiuptime.uptime.UptimeFunctions;
import io.github.pulumiuptime.uptime.enums.IncidentStatus;
import io.github.pulumiuptime.uptime.inputs.GetIncidentsArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var open = UptimeFunctions.getIncidents(GetIncidentsArgs.builder()
            .monitorId(ctx.config().requireInteger("monitorId"))
            .status(IncidentStatus.Unresolved)
            .build());

        ctx.export("openIncidents", open.applyValue(r -> r.incidents().size()));
    }
}
