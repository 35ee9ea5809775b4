package dev.cqlbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RoundOrderTest {

    /** How often each of {@code n} variants takes each place over {@code rounds} rounds. */
    private static int[][] places(int n, long seed, int rounds) {
        List<Integer> variants = IntStream.range(0, n).boxed().toList();
        int[][] counts = new int[n][n];
        for (int round = 0; round < rounds; round++) {
            List<Integer> order = RoundOrder.of(variants, seed, round);
            assertThat(order).containsExactlyInAnyOrderElementsOf(variants);
            for (int place = 0; place < n; place++) {
                counts[order.get(place)][place]++;
            }
        }
        return counts;
    }

    @Test
    void twoVariantsTakeTurnsFirst() {
        // java.util.Random seeded with seed + round put the same one first in all 200 rounds
        for (long seed : new long[] {0, 1, 42, 1234567}) {
            int[][] counts = places(2, seed, 200);
            // binomial(200, 1/2): sd 7.1, so 100 ± 30 is more than 4 sd
            assertThat(counts[0][0]).as("seed %d", seed).isBetween(70, 130);
        }
    }

    @Test
    void everyVariantTakesEveryPlace() {
        int[][] counts = places(9, 42, 900);
        for (int[] variant : counts) {
            for (int count : variant) {
                // binomial(900, 1/9): mean 100, sd 9.4
                assertThat(count).isBetween(60, 140);
            }
        }
    }

    @Test
    void aRoundsOrderIsTheSameEachTime() {
        List<String> variants = List.of("a", "b", "c", "d", "e");
        assertThat(RoundOrder.of(variants, 42, 7)).isEqualTo(RoundOrder.of(variants, 42, 7));
        long differing = IntStream.range(0, 20)
                .filter(r -> !RoundOrder.of(variants, 42, r).equals(RoundOrder.of(variants, 43, r))).count();
        assertThat(differing).as("rounds whose order another seed changes").isGreaterThan(10);
    }
}
