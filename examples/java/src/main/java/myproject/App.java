package myproject;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.posthog.Dashboard;
import com.pulumi.posthog.DashboardArgs;
import com.pulumi.posthog.FeatureFlag;
import com.pulumi.posthog.FeatureFlagArgs;
import com.pulumi.posthog.Project;
import com.pulumi.posthog.ProjectArgs;
import java.util.List;
import java.util.Map;

/**
 * A project, a feature flag and a dashboard in it, in Java: the program of the languages tier's Java end-to-end run
 * (test/languages/packages.test.ts), compiled against sdk/java by test/languages/sdks.test.ts.
 */
public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var web = new Project("web", ProjectArgs.builder()
            .name(ctx.config().require("projectName"))
            .build());
        var checkout = new FeatureFlag("checkout", FeatureFlagArgs.builder()
            .projectId(web.projectId())
            .key("new-checkout")
            .filters(Map.of("groups", List.of(Map.of("properties", List.of(), "rollout_percentage", 20))))
            .build());
        var traffic = new Dashboard("traffic", DashboardArgs.builder()
            .projectId(web.projectId())
            .name("Web traffic")
            .build());
        ctx.export("projectId", web.projectId());
        ctx.export("flagId", checkout.flagId());
        ctx.export("dashboardId", traffic.dashboardId());
    }
}
