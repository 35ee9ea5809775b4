package dev.cqlbench.scenario.hatshop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.binding.OrderStore;
import dev.cqlbench.run.ScenarioPlan;
import dev.cqlbench.run.Variant;
import dev.cqlbench.scenario.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

class HatshopPlanTest {

    private static HatshopPlan plan(List<Integer> steps, String mix, int orders) {
        return new HatshopOptions().with("--count", steps.stream().map(String::valueOf)
                .collect(java.util.stream.Collectors.joining(",")), "--orders", Integer.toString(orders), "--mix", mix,
                "--concurrency", "4", "--pool-size", "4", "--repetitions", "2", "--cycles", "2", "--warmup-events", "0")
                .plan();
    }

    private static final Library DRIVER4 = new Library("driver4", "d", true, List.of("OrderStore"), null, null, null,
            "driver4", "x");
    private static final Library JDBC = new Library("jdbc", "j", true, List.of("OrderStore"), null, null,
            Library.SQL, "jdbc", "y");

    @Test
    void oneStepLabelsAreEventTypesAndAll() {
        HatshopPlan plan = plan(List.of(5_000), "mixed", 100);
        assertThat(plan.operationLabels()).containsExactly("CREATE", "READ", "UPDATE_STATUS", "UPDATE_ATTRIBUTES",
                "UPDATE_COLUMN", "DELETE", "ALL");
        int sum = plan.operationLabels().stream().filter(l -> !l.equals("ALL"))
                .mapToInt(plan::operationsPerRepetition).sum();
        assertThat(sum).isEqualTo(5_000).isEqualTo(plan.operationsPerRepetition("ALL"));
    }

    @Test
    void theUpdatesPresetCountsGrowingPrefixes() {
        HatshopPlan plan = plan(List.of(150, 600), "updates", 100);
        assertThat(plan.operationLabels()).containsExactly("CREATE@150", "UPDATE_STATUS@150", "ALL@150",
                "CREATE@600", "UPDATE_STATUS@600", "ALL@600");
        assertThat(plan.operationsPerRepetition("CREATE@600")).isEqualTo(100);
        assertThat(plan.operationsPerRepetition("UPDATE_STATUS@600")).isEqualTo(500);
    }

    @Test
    void variantsNameDatabaseModelAndPool() {
        HatshopPlan plan = plan(List.of(10), "mixed", 5);
        LibraryCatalog catalog = new LibraryCatalog(List.of(DRIVER4, JDBC));
        List<Variant> variants = new HatshopOptions().with("--count", "10", "--orders", "5").choose(catalog).variants();
        assertThat(variants).extracting(Variant::name).containsExactly("cassandra-line_items",
                "cassandra-line_items_by_order", "mariadb");
        assertThat(plan.storeSpec(variants.get(1)).model()).isEqualTo("line_items_by_order");
        assertThat(plan.storeSpec(variants.get(2)).poolSize()).isEqualTo(4);
        List<Variant> sweep = new HatshopOptions().with("--sweep", "pool", "--pool-sizes", "17,3").choose(catalog)
                .variants();
        assertThat(sweep).extracting(Variant::name).containsExactly("mariadb-pool17", "mariadb-pool3");
        assertThat(plan.storeSpec(sweep.get(0)).poolSize()).isEqualTo(17);
        assertThat(sweep.get(1).library().sql()).as("mariadb-pool3 runs on MariaDB").isTrue();
        assertThat(plan.storeSpec(sweep.get(1)).model()).isEqualTo(OrderStore.Spec.LINE_ITEMS);
    }

    @Test
    void halfTheReplaysAreLoggedAtEveryPositionOfACycle() {
        assertThat(HatshopPlan.logged(0, 0)).isTrue();
        assertThat(HatshopPlan.logged(0, 1)).isFalse();
        assertThat(HatshopPlan.logged(1, 0)).isFalse();
        assertThat(HatshopPlan.logged(1, 1)).isTrue();
    }

    @Test
    void thePlanTravelsToWorkersAsJson() throws Exception {
        HatshopPlan plan = plan(List.of(300), "mixed", 20);
        String json = Json.lines().writeValueAsString((ScenarioPlan) plan);
        assertThat(json).contains("\"scenario\":\"hatshop\"").contains("\"loadModel\":\"closed-loop");
        assertThat(Json.lines().readValue(json, ScenarioPlan.class)).isEqualTo(plan);
    }
}
