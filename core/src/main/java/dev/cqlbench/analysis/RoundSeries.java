package dev.cqlbench.analysis;

import dev.cqlbench.result.Block;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.run.ScenarioPlan;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.ForkSeries;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A run's full blocks as the statistics read them: by variant and operation, and for a side of a question the
 * rounds in which every fork of its variant has every one of its operations (log values, one per fork). Blocks cut
 * short (a run stopped inside one) are not samples of O operations and are left out.
 */
final class RoundSeries {

    private final Map<String, Map<String, List<Block>>> blocks = new LinkedHashMap<>();

    RoundSeries(ScenarioPlan plan, List<Block> all) {
        for (Block b : all) {
            if (b.full(plan.operationsPerRepetition(b.operation()))) {
                blocks.computeIfAbsent(b.variant(), k -> new LinkedHashMap<>())
                        .computeIfAbsent(b.operation(), k -> new ArrayList<>()).add(b);
            }
        }
    }

    /** The variants with full blocks, and their operations. */
    Map<String, Map<String, List<Block>>> byVariant() {
        return blocks;
    }

    /** The forks (JVMs) a variant's blocks came from. */
    int forks(String variant) {
        return (int) blocks.getOrDefault(variant, Map.of()).values().stream().flatMap(List::stream)
                .mapToInt(Block::fork).distinct().count();
    }

    /**
     * Whether a variant's JVMs changed during its measured rounds (JVMs added at a look): its questions' data at a
     * later look are not its data at an earlier one plus more rounds, so their looks' errors add up as a union.
     */
    boolean forksChanged(String variant) {
        Map<Integer, Long> first = new HashMap<>();
        long earliest = Long.MAX_VALUE;
        for (List<Block> ops : blocks.getOrDefault(variant, Map.of()).values()) {
            for (Block b : ops) {
                first.merge(b.fork(), b.round(), Math::min);
                earliest = Math.min(earliest, b.round());
            }
        }
        long start = earliest;
        return first.values().stream().anyMatch(r -> r > start);
    }

    /** Full blocks of a variant's operation, in the order they ran. */
    List<Block> blocks(String variant, String operation) {
        List<Block> out = new ArrayList<>(blocks.getOrDefault(variant, Map.of()).getOrDefault(operation, List.of()));
        out.sort(Block.IN_ORDER);
        return out;
    }

    /** Every series of the measure with two forks or more and enough rounds, by variant and operation. */
    Map<String, Map<String, ForkSeries>> forked(Measure measure, String only) {
        Map<String, Map<String, ForkSeries>> all = new LinkedHashMap<>();
        blocks.forEach((variant, ops) -> {
            if (only != null && !only.equals(variant)) {
                return;
            }
            for (String operation : ops.keySet()) {
                SortedMap<Long, double[]> rounds = rounds(new Question.Side(variant, List.of(operation)), measure);
                if (rounds.size() >= Estimate.MIN_ROUNDS && rounds.get(rounds.firstKey()).length >= 2) {
                    all.computeIfAbsent(variant, k -> new LinkedHashMap<>())
                            .put(operation, series(rounds, rounds.keySet()));
                }
            }
        });
        return all;
    }

    /**
     * The rounds in which every fork of the side's variant has every one of its operations with the measure: per
     * round, each fork's value (log scale; the mean over the side's operations when there are several).
     */
    SortedMap<Long, double[]> rounds(Question.Side side, Measure measure) {
        Map<String, List<Block>> ops = blocks.getOrDefault(side.variant(), Map.of());
        int forks = forks(side.variant());
        SortedMap<Long, double[]> sums = new TreeMap<>();
        Map<Long, int[]> seen = new HashMap<>();
        for (String operation : side.operations()) {
            for (Block b : ops.getOrDefault(operation, List.of())) {
                Double v = measure.of(b);
                if (v == null || b.fork() >= forks) {
                    continue;
                }
                sums.computeIfAbsent(b.round(), k -> new double[forks])[b.fork()] += Math.log(v);
                seen.computeIfAbsent(b.round(), k -> new int[forks])[b.fork()]++;
            }
        }
        int needed = side.operations().size();
        SortedMap<Long, double[]> out = new TreeMap<>();
        sums.forEach((round, s) -> {
            int[] n = seen.get(round);
            boolean complete = true;
            for (int k = 0; k < forks; k++) {
                complete &= n[k] == needed;
            }
            if (complete) {
                double[] mean = new double[forks];
                for (int k = 0; k < forks; k++) {
                    mean[k] = s[k] / needed;
                }
                out.put(round, mean);
            }
        });
        return out;
    }

    /** The forks × rounds series of {@code rounds}, over the rounds {@code keep}. */
    static ForkSeries series(SortedMap<Long, double[]> rounds, Collection<Long> keep) {
        int forks = rounds.get(rounds.firstKey()).length;
        List<Long> order = new ArrayList<>(keep);
        double[][] logs = new double[forks][order.size()];
        for (int r = 0; r < order.size(); r++) {
            double[] v = Objects.requireNonNull(rounds.get(order.get(r)));
            for (int k = 0; k < forks; k++) {
                logs[k][r] = v[k];
            }
        }
        return ForkSeries.of(logs);
    }
}
