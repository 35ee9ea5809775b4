package dev.cqlbench.scenario.hatshop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.result.Json;
import dev.cqlbench.scenario.ScenarioPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

class HatshopPlanTest {

    private static HatshopPlan plan(List<Integer> steps, String mix, int orders) {
        return new HatshopPlan(steps, orders, mix, null, 4, 4, 2, 2, 0, 42, "hatshop", "durable", true, null, null)
                .withCounts();
    }

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
        assertThat(plan.storeSpec("cassandra-line_items_by_order").model()).isEqualTo("line_items_by_order");
        assertThat(plan.storeSpec("mariadb").poolSize()).isEqualTo(4);
        assertThat(plan.storeSpec(HatshopPlan.poolVariant(17)).poolSize()).isEqualTo(17);
        assertThat(HatshopPlan.database("mariadb-pool3")).isEqualTo("mariadb");
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
