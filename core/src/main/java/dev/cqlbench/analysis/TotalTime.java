package dev.cqlbench.analysis;

import dev.cqlbench.result.Block;
import dev.cqlbench.stats.ConfidenceInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Study 01's own figure: the total time of O operations, as the study timed its runs. */
public final class TotalTime {

    private TotalTime() {}

    /**
     * The mean total time of O operations (ms) over the rounds (each round's mean over forks; over every run a pooled
     * analysis holds), with its interval at the individual level; null without full blocks.
     */
    public static ConfidenceInterval of(Analysis analysis, String variant, String operation) {
        List<Double> means = new ArrayList<>();
        for (Analysis a : analysis.parts().isEmpty() ? List.of(analysis) : analysis.parts()) {
            Map<Long, List<Double>> byRound = new TreeMap<>();
            for (Block b : a.blocks(variant, operation)) {
                byRound.computeIfAbsent(b.round(), k -> new ArrayList<>()).add(b.totalNanos() / 1e6);
            }
            byRound.values().forEach(v -> means.add(v.stream().mapToDouble(Double::doubleValue).average()
                    .orElseThrow()));
        }
        if (means.isEmpty()) {
            return null;
        }
        ConfidenceInterval ci = ConfidenceInterval.of(means, analysis.level());
        return ci != null ? ci : new ConfidenceInterval(means.stream().mapToDouble(Double::doubleValue).average()
                .orElseThrow(), Double.NaN, Double.NaN, analysis.level(), means.size());
    }
}
