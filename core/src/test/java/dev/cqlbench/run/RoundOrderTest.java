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

    @Test
    void subRoundsRunOneJvmOfEveryVariantEachAndEveryJvmTakesEverySubRound() {
        // three variants × three JVMs: "a0" is variant a's first JVM
        List<String> units = List.of("a0", "a1", "a2", "b0", "b1", "b2", "c0", "c1", "c2");
        int[] inFirst = new int[3];
        for (int round = 0; round < 600; round++) {
            List<String> order = RoundOrder.resolvable(units, u -> u.charAt(0), 42, round);
            assertThat(order).containsExactlyInAnyOrderElementsOf(units);
            for (int sub = 0; sub < 3; sub++) {
                assertThat(order.subList(3 * sub, 3 * sub + 3).stream().map(u -> u.charAt(0)))
                        .as("round %d, sub-round %d", round, sub).containsExactlyInAnyOrder('a', 'b', 'c');
            }
            inFirst[order.subList(0, 3).stream().filter(u -> u.startsWith("a")).findFirst().orElseThrow()
                    .charAt(1) - '0']++;
        }
        for (int count : inFirst) {
            // binomial(600, 1/3): mean 200, sd 11.5
            assertThat(count).as("rounds in which each of a's JVMs ran in the first sub-round").isBetween(150, 250);
        }
        assertThat(RoundOrder.resolvable(units, u -> u.charAt(0), 42, 7))
                .isEqualTo(RoundOrder.resolvable(units, u -> u.charAt(0), 42, 7));
    }
}
