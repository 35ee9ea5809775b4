package dev.cqlbench.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.result.OperationCycle;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ConsistencyCheckTest {

    private static VariantResult variant(String name, Map<String, Long> errors, String... digests) {
        return variant(name, "ALL", errors, digests);
    }

    private static VariantResult variant(String name, String label, Map<String, Long> errors, String... digests) {
        List<OperationCycle> cycles = new java.util.ArrayList<>();
        for (int i = 0; i < digests.length; i++) {
            cycles.add(new OperationCycle(label, i, 10, errors.values().stream().mapToLong(Long::longValue).sum(),
                    errors, List.of(10L), List.of(1_000_000L), HistogramCodec.encode(new Histogram(3)), -1,
                    digests[i], Map.of()));
        }
        return new VariantResult(name, "lib", "desc", "1", "closed-loop", 4, null, 0, Map.of(),
                List.of(OperationResult.aggregate(label, 10, cycles, 0.999)), null, null, null, null);
    }

    private static RunResult result(VariantResult... variants) {
        return new RunResult(RunResult.FORMAT, RunResult.FORMAT_VERSION, "hatshop", "s", "f", false, null, Map.of(),
                null, List.of(variants));
    }

    @Test
    void databasesHoldingTheSameOrdersPass() {
        RunResult ok = result(variant("cassandra-line_items", Map.of(), "abc", "abc"),
                variant("mariadb", Map.of(), "abc", "abc"));
        assertThat(ConsistencyCheck.problems(ok)).isEmpty();
        assertThat(ConsistencyCheck.digests(ok).get("ALL")).containsEntry("mariadb", List.of("abc"));
    }

    @Test
    void anyDifferenceIsAProblem() {
        assertThat(ConsistencyCheck.problems(result(variant("cassandra-line_items", Map.of(), "abc"),
                variant("mariadb", Map.of(), "abd")))).containsExactly(
                "ALL: databases disagree: cassandra-line_items=[abc] mariadb=[abd]");
        assertThat(ConsistencyCheck.problems(result(variant("mariadb", Map.of(), "abc", "abd"))))
                .containsExactly("mariadb ALL: replays of the same events left different states [abc, abd]");
        assertThat(ConsistencyCheck.problems(result(variant("mariadb", Map.of("StateMismatch", 3L), "abc"))))
                .singleElement().asString().contains("3 order(s) differ from what the event stream implies");
    }

    @Test
    void writePatternsMustLeaveTheSameTableAtEachLocalityAndCycle() {
        RunResult same = result(variant("async", "locality-40", Map.of(), "c1:aa", "c2:bb"),
                variant("unlogged-batch", "locality-40", Map.of(), "c1:aa", "c2:bb"),
                variant("logged-batch", "locality-40", Map.of(), "c2:bb")); // its cycle 1 had a failed write
        assertThat(ConsistencyCheck.problems(same)).isEmpty();
        RunResult differ = result(variant("async", "locality-40", Map.of(), "c1:aa", "c2:bb"),
                variant("unlogged-batch", "locality-40", Map.of(), "c1:aa", "c2:bc"));
        assertThat(ConsistencyCheck.problems(differ)).containsExactly(
                "locality-40 c2: patterns left different table contents {async=bb, unlogged-batch=bc}");
    }
}
