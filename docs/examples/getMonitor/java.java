package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import io.github.pulumiuptime.uptime.UptimeFunctions;
import io.github.pulumiuptime.uptime.inputs.GetMonitorArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var existing = UptimeFunctions.getMonitor(GetMonitorArgs.builder()
            .monitorId(ctx.config().requireInteger("monitorId"))
            .build());

        ctx.export("existingUrl", existing.applyValue(m -> m.url()));
        ctx.export("existingStatus", existing.applyValue(m -> m.status()));
    }
}
