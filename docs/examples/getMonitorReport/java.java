package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import io.github.pulumiuptime.uptime.UptimeFunctions;
import io.github.pulumiuptime.uptime.inputs.GetMonitorReportArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var report = UptimeFunctions.getMonitorReport(GetMonitorReportArgs.builder()
            .monitorId(ctx.config().requireInteger("monitorId"))
            .window("30d")
            .slo(99.9)
            .build());

        ctx.export("availability", report.applyValue(r -> r.availability()));
        ctx.export("budgetLeft", report.applyValue(r -> r.budget().map(b -> b.remainingPercent()).orElse(null)));
    }
}
