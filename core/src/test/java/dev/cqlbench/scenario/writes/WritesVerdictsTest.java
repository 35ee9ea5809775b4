package dev.cqlbench.scenario.writes;

import static dev.cqlbench.result.TestResults.around;
import static dev.cqlbench.result.TestResults.blocks;
import static dev.cqlbench.result.TestResults.result;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.report.Verdict.Status;
import dev.cqlbench.result.TestResults.Measured;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Study 04's claims judged on made-up rounds whose truth is known: the study's own factors, or the reverse. */
class WritesVerdictsTest {

    private static final int ROUNDS = 20;
    private static final String NONE = WritesPlan.label(0);
    private static final String HIGH = WritesPlan.label(80);

    private static final WritesPlan PLAN = new WritesOptions().with("--locality", "0,80").plan();

    private static Measured pattern(String name, double atNone, double atHigh, long seed) {
        return blocks(PLAN, name, Map.of(NONE, around(atNone, 0.02, ROUNDS, seed), HIGH,
                around(atHigh, 0.02, ROUNDS, seed + 1)));
    }

    private static List<Status> statuses(Measured... variants) {
        return WritesVerdicts.of(Reading.of(result("writes", PLAN, variants)), List.of(0, 80)).stream()
                .map(Verdict::status).toList();
    }

    @Test
    void theStudysOwnFactorsAreConfirmed() {
        // µs per write = 1e6 / the study's writes/s
        assertThat(statuses(pattern("async", 1e6 / 13000, 1e6 / 13200, 1),
                pattern("unlogged-batch", 1e6 / 7100, 1e6 / 16000, 3),
                pattern("token-aware-batch", 1e6 / 9100, 1e6 / 29400, 5)))
                .containsExactly(Status.CONFIRMED, Status.CONFIRMED, Status.CONFIRMED, Status.CONFIRMED);
    }

    @Test
    void batchesAheadOfAsyncAndAsyncSlowingWithLocalityAreContradictions() {
        assertThat(statuses(pattern("async", 100, 150, 1), pattern("unlogged-batch", 80, 60, 3),
                pattern("token-aware-batch", 80, 160, 5)))
                .containsExactly(Status.CONTRADICTED, Status.CONTRADICTED, Status.CONTRADICTED, Status.CONTRADICTED);
    }

    @Test
    void claimsOfPatternsNotRunAreNotAsked() {
        assertThat(statuses(pattern("async", 100, 100, 1)))
                .containsExactly(Status.NOT_ASKED, Status.NOT_ASKED, Status.NOT_ASKED, Status.CONFIRMED);
    }

    @Test
    void localitiesGivenHighestFirstAreJudgedAsInOrder() {
        // --locality 80,0: 80 % is still the highest, and async at 80 % against 0 % is still asked
        WritesPlan reversed = new WritesOptions().with("--locality", "80,0").plan();
        List<Measured> variants = List.of(
                blocks(reversed, "async", Map.of(NONE, around(100, 0.02, ROUNDS, 1), HIGH,
                        around(150, 0.02, ROUNDS, 2))),
                blocks(reversed, "unlogged-batch", Map.of(NONE, around(80, 0.02, ROUNDS, 3), HIGH,
                        around(60, 0.02, ROUNDS, 4))),
                blocks(reversed, "token-aware-batch", Map.of(NONE, around(80, 0.02, ROUNDS, 5), HIGH,
                        around(160, 0.02, ROUNDS, 6))));
        assertThat(WritesVerdicts.of(Reading.of(result("writes", reversed, variants.toArray(Measured[]::new))),
                List.of(80, 0))
                .stream().map(Verdict::status).toList())
                .containsExactly(Status.CONTRADICTED, Status.CONTRADICTED, Status.CONTRADICTED, Status.CONTRADICTED);
    }
}
