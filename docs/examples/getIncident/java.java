package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import io.github.pulumiuptime.uptime.UptimeFunctions;
import io.github.pulumiuptime.uptime.inputs.GetIncidentArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var incident = UptimeFunctions.getIncident(GetIncidentArgs.builder()
            .incidentId(ctx.config().requireInteger("incidentId"))
            .build());

        ctx.export("incidentStatus", incident.applyValue(i -> i.status()));
    }
}
