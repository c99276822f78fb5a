package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import io.github.pulumiuptime.uptime.Monitor;
import io.github.pulumiuptime.uptime.MonitorArgs;
import io.github.pulumiuptime.uptime.enums.AlertChannel;
import io.github.pulumiuptime.uptime.enums.Interval;
import io.github.pulumiuptime.uptime.inputs.AlertArgs;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var home = new Monitor("home", MonitorArgs.builder()
            .name("Home page")
            .url("https://example.com")
            .interval(Interval.Seconds300)
            .alerts(AlertArgs.builder().key(AlertChannel.Email).value("ops@example.com").build())
            .build());

        ctx.export("monitorId", home.monitorId());
    }
}
