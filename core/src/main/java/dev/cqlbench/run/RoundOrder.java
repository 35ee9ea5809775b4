package dev.cqlbench.run;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.SplittableRandom;

/**
 * The order in which the variants run their blocks in one round: a shuffle seeded by the run's seed and the round,
 * so a run can be repeated exactly, yet every variant takes every place about equally often. The round's seed goes
 * through SplittableRandom's mixing first: {@code java.util.Random} seeded with consecutive numbers draws nearly the
 * same first number each time, so its shuffle of two variants put them in the same order in all 200 rounds of an
 * A/A run, and the one always second was 3.6 % slower at writes.
 */
public final class RoundOrder {

    private RoundOrder() {}

    /** {@code variants} in the order round {@code round} runs them. */
    public static <T> List<T> of(List<T> variants, long seed, int round) {
        List<T> order = new ArrayList<>(variants);
        Collections.shuffle(order, random(seed, round));
        return order;
    }

    /**
     * The JVMs of a round in sub-rounds (a resolvable design): each sub-round runs one JVM of every variant
     * ({@code variantOf}), in a shuffled order, and which of a variant's JVMs goes in which sub-round is shuffled too.
     * Two variants' JVMs that a comparison pairs then run a few places apart, not a round apart: on the 2-core host
     * the state a block meets drifts within a round (27 JVMs, 9.6 s: blocks one place apart correlated +0.23, a dozen
     * places apart −0.25), and what drifts between sub-rounds is the same for every variant in the comparison.
     */
    public static <T> List<T> resolvable(List<T> units, Function<T, ?> variantOf, long seed, int round) {
        Random random = random(seed, round);
        Map<Object, List<T>> byVariant = new LinkedHashMap<>();
        units.forEach(u -> byVariant.computeIfAbsent(variantOf.apply(u), k -> new ArrayList<>()).add(u));
        int depth = 0;
        for (List<T> forks : byVariant.values()) {
            Collections.shuffle(forks, random);
            depth = Math.max(depth, forks.size());
        }
        List<T> order = new ArrayList<>();
        for (int j = 0; j < depth; j++) {
            List<T> sub = new ArrayList<>();
            for (List<T> forks : byVariant.values()) {
                if (j < forks.size()) {
                    sub.add(forks.get(j));
                }
            }
            Collections.shuffle(sub, random);
            order.addAll(sub);
        }
        return order;
    }

    private static Random random(long seed, int round) {
        return new Random(new SplittableRandom(seed * 0x9E3779B97F4A7C15L + round).nextLong());
    }
}
