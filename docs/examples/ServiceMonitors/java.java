package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import io.github.pulumiuptime.uptime.ServiceMonitors;
import io.github.pulumiuptime.uptime.ServiceMonitorsArgs;
import io.github.pulumiuptime.uptime.enums.AlertChannel;
import io.github.pulumiuptime.uptime.enums.Interval;
import io.github.pulumiuptime.uptime.inputs.AlertArgs;
import io.github.pulumiuptime.uptime.inputs.ServiceCheckArgs;
import java.util.Map;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var checkout = new ServiceMonitors("checkout", ServiceMonitorsArgs.builder()
            .service("checkout")
            .baseUrl("https://checkout.example.com")
            .interval(Interval.Seconds300)
            .alerts(AlertArgs.builder().key(AlertChannel.Email).value("oncall@example.com").build())
            .checks(Map.of(
                "health", ServiceCheckArgs.builder().path("/health").expectText("ok").interval(Interval.Seconds60).build(),
                "home", ServiceCheckArgs.builder().path("/").build()))
            .build());

        ctx.export("monitorNames", checkout.monitorNames());
        ctx.export("selector", checkout.selector());
    }
}
