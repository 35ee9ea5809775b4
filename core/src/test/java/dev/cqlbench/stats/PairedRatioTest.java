package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class PairedRatioTest {

    /** Rounds the default crud run may take (its --cycles), and the host as measured there. */
    private static final int ROUNDS = 200;

    private static Map<Integer, Double> rounds(double[] blocks) {
        Map<Integer, Double> out = new TreeMap<>();
        for (int i = 0; i < blocks.length; i++) {
            out.put(i, blocks[i]);
        }
        return out;
    }

    private static PairedRatio pair(SyntheticBlocks synthetic, int rounds, double truthA, double truthB) {
        double[] host = synthetic.host(rounds);
        return PairedRatio.of("a", rounds(synthetic.blocks(host, truthA)), "b", rounds(synthetic.blocks(host, truthB)),
                0.999);
    }

    @Test
    void pairsByRoundAndStaysAboveZero() {
        Map<Integer, Double> a = Map.of(1, 110.0, 2, 220.0, 3, 55.0, 4, 110.0, 5, 330.0, 6, 1.0);
        Map<Integer, Double> b = Map.of(1, 100.0, 2, 200.0, 3, 50.0, 4, 100.0, 5, 300.0, 7, 1.0);
        PairedRatio r = PairedRatio.of("a", new TreeMap<>(a), "b", b, 0.999);
        assertThat(r.pairs()).as("round 6 and 7 have no partner").isEqualTo(5);
        assertThat(r.ratio()).isCloseTo(1.1, within(1e-9));
        assertThat(r.significant()).isTrue();
        assertThat(r.sentence("time")).startsWith("a takes 10.0 % more time than b");
    }

    @Test
    void tooFewRoundsGiveNoVerdict() {
        assertThat(PairedRatio.of("a", Map.of(1, 1.0, 2, 1.0), "b", Map.of(1, 1.0, 2, 2.0), 0.999)).isNull();
    }

    @Test
    void findsAFivePercentEffectWithTheDefaultRounds() {
        SyntheticBlocks synthetic = new SyntheticBlocks(42, 0.12, 0.5, 0.07);
        int found = 0;
        for (int i = 0; i < 500; i++) {
            PairedRatio r = pair(synthetic, ROUNDS, 105, 100);
            found += r.significant() && r.lower() > 1 ? 1 : 0;
        }
        assertThat(found).isGreaterThanOrEqualTo(475);
    }

    @Test
    void calledDifferentNoMoreOftenThanItsConfidencePromisesWhenThereIsNoDifference() {
        SyntheticBlocks synthetic = new SyntheticBlocks(7, 0.12, 0.5, 0.07);
        int falsePositives = 0;
        int within5 = 0;
        for (int i = 0; i < 4000; i++) {
            PairedRatio r = pair(synthetic, ROUNDS, 100, 100);
            falsePositives += r.significant() ? 1 : 0;
            within5 += r.lower() >= 0.95 && r.upper() <= 1.05 ? 1 : 0;
        }
        // 0.1 % promised: 4 expected of 4000
        assertThat(falsePositives).isLessThan(12);
        assertThat(within5).as("A/A intervals inside 0.95–1.05").isGreaterThanOrEqualTo(3960);
    }
}
