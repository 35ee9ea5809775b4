package dev.cqlbench.scenario.hatshop;

import static dev.cqlbench.result.TestResults.result;
import static dev.cqlbench.result.TestResults.variant;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.result.RunResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Study 03's correctness rule read off a result: every database holds what the events imply, and the same. */
class HatshopProblemsTest {

    private static final HatshopPlan PLAN = new HatshopOptions().with("--count", "100", "--orders", "10").plan();

    private static RunResult hatshop(dev.cqlbench.result.VariantResult... variants) {
        return result("hatshop", PLAN, variants);
    }

    @Test
    void databasesHoldingTheSameOrdersPass() {
        RunResult ok = hatshop(variant("cassandra-line_items", "ALL", Map.of(), "abc", "abc"),
                variant("mariadb", "ALL", Map.of(), "abc", "abc"));
        assertThat(HatshopReport.problems(ok, PLAN)).isEmpty();
        assertThat(HatshopReport.digests(ok, PLAN).get("ALL")).containsEntry("mariadb", List.of("abc"));
    }

    @Test
    void anyDifferenceIsAProblem() {
        assertThat(HatshopReport.problems(hatshop(variant("cassandra-line_items", "ALL", Map.of(), "abc"),
                variant("mariadb", "ALL", Map.of(), "abd")), PLAN)).containsExactly(
                "ALL: databases disagree: cassandra-line_items=[abc] mariadb=[abd]");
        assertThat(HatshopReport.problems(hatshop(variant("mariadb", "ALL", Map.of(), "abc", "abd")), PLAN))
                .containsExactly("mariadb ALL: replays of the same events left different states [abc, abd]");
        assertThat(HatshopReport.problems(hatshop(variant("mariadb", "ALL", Map.of("StateMismatch", 3L), "abc")),
                PLAN)).singleElement().asString().contains("3 order(s) differ from what the event stream implies");
    }

    @Test
    void theScenarioReportsItsProblemsThroughTheRegistry() {
        RunResult differ = hatshop(variant("cassandra-line_items", "ALL", Map.of(), "abc"),
                variant("mariadb", "ALL", Map.of(), "abd"));
        assertThat(dev.cqlbench.scenario.Scenarios.problems(differ)).hasSize(1);
        assertThat(dev.cqlbench.scenario.Scenarios.report(Reading.of(differ)).toString())
                .contains("consistency check FAILED");
    }
}
