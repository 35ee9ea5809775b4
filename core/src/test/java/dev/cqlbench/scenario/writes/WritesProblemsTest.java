package dev.cqlbench.scenario.writes;

import static dev.cqlbench.result.TestResults.result;
import static dev.cqlbench.result.TestResults.variant;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.result.RunResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every write pattern writes the same rows: at each locality and cycle, each must leave the same table. */
class WritesProblemsTest {

    private static final WritesPlan PLAN = new WritesOptions().with("--locality", "40").plan();

    @Test
    void writePatternsMustLeaveTheSameTableAtEachLocalityAndCycle() {
        RunResult same = result("writes", PLAN, variant("async", "locality-40", Map.of(), "c1:aa", "c2:bb"),
                variant("unlogged-batch", "locality-40", Map.of(), "c1:aa", "c2:bb"),
                variant("logged-batch", "locality-40", Map.of(), "c2:bb")); // its cycle 1 had a failed write
        assertThat(WritesReport.problems(same)).isEmpty();
        RunResult differ = result("writes", PLAN, variant("async", "locality-40", Map.of(), "c1:aa", "c2:bb"),
                variant("unlogged-batch", "locality-40", Map.of(), "c1:aa", "c2:bc"));
        assertThat(WritesReport.problems(differ)).containsExactly(
                "locality-40 c2: patterns left different table contents {async=bb, unlogged-batch=bc}");
    }
}
