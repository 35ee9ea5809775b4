package dev.cqlbench.scenario.decode;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.runner.DecodeRunner;
import dev.cqlbench.runner.RunListener;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.scenario.ScenarioPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * Study 02: read the same skinny row N times and decode it, with a 3-column projection and all 12 columns.
 *
 * @param rows        the N of each measurement (the study's 5000 and 10000)
 * @param repetitions repetitions of each (fields, N) per cycle (the study ran each three times)
 * @param warmupReads reads of each width run once per worker before measuring, discarded
 */
public record DecodePlan(
        List<Integer> rows,
        int repetitions,
        int cycles,
        int warmupReads,
        long seed,
        String keyspace) implements ScenarioPlan {

    public static final List<Integer> WIDTHS = List.of(3, 12);

    public DecodePlan {
        rows = List.copyOf(rows);
        if (rows.isEmpty() || rows.stream().anyMatch(n -> n < 1) || repetitions < 1 || cycles < 1 || warmupReads < 0) {
            throw new IllegalArgumentException("rows, repetitions and cycles must be >= 1, warmup >= 0");
        }
    }

    public static String label(int fields, int n) {
        return "fields" + fields + "-n" + n;
    }

    @Override
    public List<dev.cqlbench.result.ChartSpec> charts() {
        return List.of(dev.cqlbench.result.ChartSpec.curve("mean total time of a repetition by rows read (ms)",
                        dev.cqlbench.result.ChartSpec.MEAN_TOTAL_MILLIS, "-n(?<x>\\d+)$", "rows per query"),
                dev.cqlbench.result.ChartSpec.of(dev.cqlbench.result.ChartSpec.PERCENTILES, "latency by percentile (µs)"),
                dev.cqlbench.result.ChartSpec.of(dev.cqlbench.result.ChartSpec.RESOURCES,
                        "CPU per operation and peak memory"));
    }

    @Override
    public List<String> operationLabels() {
        List<String> labels = new ArrayList<>();
        for (int fields : WIDTHS) {
            for (int n : rows) {
                labels.add(label(fields, n));
            }
        }
        return labels;
    }

    @Override
    public int operationsPerRepetition(String operation) {
        return Integer.parseInt(operation.substring(operation.indexOf("-n") + 2));
    }

    @Override
    public ScenarioRunner runner(Binding binding, String variant, RunListener listener) throws Exception {
        return new DecodeRunner(binding.activityReader(keyspace), this, variant, listener);
    }
}
