package com.pulumi.posthog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.pulumi.posthog.inputs.GetDashboardArgs;
import com.pulumi.test.Mocks;
import com.pulumi.test.PulumiTest;
import com.pulumi.test.TestResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Java SDK under Pulumi's Java mocks (com.pulumi.test): a program declaring a project, a flag and a dashboard
 * registers them with their tokens and the inputs' schema names, and sees the outputs the engine answers (the ids
 * the plugin would give, computed by the mocks here); an invoke goes out with its token and arguments. The languages
 * tier copies this file into sdk/java and runs `mvn -o package` (test/languages/sdks.test.ts).
 */
class PosthogSdkTest {
    /** What the program registered: type, name and inputs of each resource, and each invoke. */
    private final List<Mocks.ResourceArgs> registered = new ArrayList<>();
    private final List<Mocks.CallArgs> calls = new ArrayList<>();

    /** Answers as the plugin would: the inputs, and each kind's numeric id output. */
    private final Mocks mocks = new Mocks() {
        @Override
        public CompletableFuture<Mocks.ResourceResult> newResourceAsync(Mocks.ResourceArgs args) {
            registered.add(args);
            Map<String, Object> state = new HashMap<>(args.inputs);
            Map<String, String> ids = Map.of(
                "posthog:index:Project", "projectId", "posthog:index:FeatureFlag", "flagId", "posthog:index:Dashboard", "dashboardId");
            Map<String, Integer> values = Map.of("projectId", 7, "flagId", 11, "dashboardId", 13);
            if (ids.containsKey(args.type)) {
                state.put(ids.get(args.type), values.get(ids.get(args.type)));
            }
            return CompletableFuture.completedFuture(Mocks.ResourceResult.of(Optional.of(args.name + "-id"), state));
        }

        @Override
        public CompletableFuture<Map<String, Object>> callAsync(Mocks.CallArgs args) {
            calls.add(args);
            return CompletableFuture.completedFuture(Map.of("dashboardId", 13, "name", "Web traffic", "tags", List.of("web")));
        }
    };

    @AfterEach
    void cleanup() {
        PulumiTest.cleanup();
    }

    @Test
    void aProjectAFlagAndADashboardWithTheirOutputs() {
        TestResult result = PulumiTest.withMocks(mocks).runTest(ctx -> {
            var web = new Project("web", ProjectArgs.builder().name("Web").timezone("Europe/Amsterdam").build());
            var checkout = new FeatureFlag("checkout", FeatureFlagArgs.builder()
                .projectId(web.projectId())
                .key("new-checkout")
                .filters(Map.of("groups", List.of(Map.of("properties", List.of(), "rollout_percentage", 20))))
                .build());
            var traffic = new Dashboard("traffic", DashboardArgs.builder()
                .projectId(web.projectId())
                .name("Web traffic")
                .tags("web", "checkout")
                .build());
            ctx.export("projectId", web.projectId());
            ctx.export("flagId", checkout.flagId());
            ctx.export("dashboardId", traffic.dashboardId());
            ctx.export("dashboardName", traffic.name());
        }).throwOnError();

        assertEquals(7, PulumiTest.extractValue(result.output("projectId", Integer.class)));
        assertEquals(11, PulumiTest.extractValue(result.output("flagId", Integer.class)));
        assertEquals(13, PulumiTest.extractValue(result.output("dashboardId", Integer.class)));
        assertEquals(Optional.of("Web traffic"), PulumiTest.extractValue(result.output("dashboardName")));

        Map<String, Mocks.ResourceArgs> byName = new HashMap<>();
        registered.forEach(args -> byName.put(args.name, args));
        assertEquals("posthog:index:Project", byName.get("web").type);
        assertEquals("Europe/Amsterdam", byName.get("web").inputs.get("timezone"));
        assertEquals("posthog:index:FeatureFlag", byName.get("checkout").type);
        assertEquals(7.0, ((Number) byName.get("checkout").inputs.get("projectId")).doubleValue());
        assertEquals("new-checkout", byName.get("checkout").inputs.get("key"));
        assertEquals(
            Map.of("groups", List.of(Map.of("properties", List.of(), "rollout_percentage", 20.0))),
            byName.get("checkout").inputs.get("filters"));
        assertEquals("posthog:index:Dashboard", byName.get("traffic").type);
        assertEquals(List.of("web", "checkout"), byName.get("traffic").inputs.get("tags"));
    }

    @Test
    void anInvokeWithItsArgumentsAndTypedResult() {
        TestResult result = PulumiTest.withMocks(mocks).runTest(ctx -> {
            var found = PosthogFunctions.getDashboard(GetDashboardArgs.builder().projectId(7).dashboardId(13).build());
            ctx.export("name", found.applyValue(dashboard -> dashboard.name().orElseThrow()));
            ctx.export("tags", found.applyValue(dashboard -> dashboard.tags()));
        }).throwOnError();

        assertEquals("Web traffic", PulumiTest.extractValue(result.output("name")));
        assertEquals(List.of("web"), PulumiTest.extractValue(result.output("tags")));
        assertEquals(1, calls.size());
        assertEquals("posthog:index:getDashboard", calls.get(0).token);
        assertTrue(calls.get(0).args.containsKey("dashboardId"));
    }
}
