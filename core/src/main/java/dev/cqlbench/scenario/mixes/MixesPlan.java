package dev.cqlbench.scenario.mixes;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.runner.MixesRunner;
import dev.cqlbench.runner.RunListener;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.scenario.ScenarioPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * Study 05: standard mixes, YCSB style. Per workload the table is emptied and loaded ({@code recordCount}
 * records, the load phase), then each concurrency runs the mix for {@code durationMillis} or {@code ops}
 * operations (the run phase). Closed loop: {@code concurrency} operations in flight, a new one when one
 * completes. Open loop ({@code rate} &gt; 0): operations start on a fixed schedule of {@code rate} per second,
 * at most {@code concurrency} in flight; latency counts from each operation's intended start, and the service
 * time from its actual start is kept too.
 *
 * @param durationMillis run phase length, or 0 when {@code ops} bounds it
 * @param ops            operations per run phase, or 0 when {@code durationMillis} bounds it
 * @param rate           open-loop operations per second; 0 for closed loop
 * @param loadConcurrency inserts in flight during the load phase
 */
public record MixesPlan(
        List<Workload> workloads,
        List<Integer> concurrencies,
        long durationMillis,
        long ops,
        double rate,
        int loadConcurrency,
        int fieldCount,
        int fieldLength,
        int repetitions,
        int cycles,
        int warmupOps,
        long seed,
        String keyspace,
        boolean verify,
        long warmupMaxMillis) implements ScenarioPlan {

    /**
     * @param warmupMaxMillis after {@code warmupOps}, warmup goes on in rounds while the JIT compiler is still busy
     *                        (over 10% of the round's time), until this long has passed; 0: {@code warmupOps} only
     */
    public MixesPlan(List<Workload> workloads, List<Integer> concurrencies, long durationMillis, long ops, double rate,
                     int loadConcurrency, int fieldCount, int fieldLength, int repetitions, int cycles, int warmupOps,
                     long seed, String keyspace, boolean verify) {
        this(workloads, concurrencies, durationMillis, ops, rate, loadConcurrency, fieldCount, fieldLength,
                repetitions, cycles, warmupOps, seed, keyspace, verify, 0);
    }

    public static final String LOAD = "load";
    public static final String CLOSED_LOOP = "closed-loop";
    public static final String OPEN_LOOP = "open-loop";

    /** Operation types of a mix, as labels. */
    public enum Op { READ, UPDATE, INSERT, SCAN, READ_MODIFY_WRITE }

    public MixesPlan {
        workloads = List.copyOf(workloads);
        concurrencies = List.copyOf(concurrencies);
        if (workloads.isEmpty() || concurrencies.isEmpty() || concurrencies.stream().anyMatch(c -> c < 1)
                || repetitions < 1 || cycles < 1 || warmupOps < 0 || loadConcurrency < 1 || rate < 0
                || warmupMaxMillis < 0) {
            throw new IllegalArgumentException("workloads and concurrencies >= 1 needed; repetitions, cycles, load "
                    + "concurrency >= 1; warmup, rate >= 0");
        }
        if ((durationMillis > 0) == (ops > 0)) {
            throw new IllegalArgumentException("exactly one of duration and ops bounds a run phase");
        }
        if (workloads.stream().map(Workload::name).distinct().count() != workloads.size()) {
            throw new IllegalArgumentException("workload names must differ");
        }
    }

    public boolean openLoop() {
        return rate > 0;
    }

    @Override
    public String modeLabel() {
        return openLoop() ? OPEN_LOOP : CLOSED_LOOP;
    }

    @Override
    public int concurrency() {
        return concurrencies.get(0);
    }

    /** The label of a workload's run phase at a concurrency, e.g. {@code read95_update5@16}. */
    public static String label(String workload, int concurrency) {
        return workload + "@" + concurrency;
    }

    public static String loadLabel(String workload) {
        return workload + "@" + LOAD;
    }

    public static String opLabel(String phase, Op op) {
        return phase + "/" + op.name();
    }

    /** The operation types a workload issues, in a fixed order. */
    public static List<Op> ops(Workload w) {
        List<Op> out = new ArrayList<>();
        if (w.read() > 0) {
            out.add(Op.READ);
        }
        if (w.update() > 0) {
            out.add(Op.UPDATE);
        }
        if (w.insert() > 0) {
            out.add(Op.INSERT);
        }
        if (w.scan() > 0) {
            out.add(Op.SCAN);
        }
        if (w.readModifyWrite() > 0) {
            out.add(Op.READ_MODIFY_WRITE);
        }
        return out;
    }

    @Override
    public List<dev.cqlbench.result.ChartSpec> charts() {
        return List.of(dev.cqlbench.result.ChartSpec.bars("throughput of each run phase (ops/s, higher is better)",
                        dev.cqlbench.result.ChartSpec.THROUGHPUT).including("^[^/]+@\\d+$"),
                dev.cqlbench.result.ChartSpec.of(dev.cqlbench.result.ChartSpec.PERCENTILES,
                        "latency by percentile per operation type (µs)").including("/"),
                dev.cqlbench.result.ChartSpec.of(dev.cqlbench.result.ChartSpec.TIMELINE,
                        "per-second throughput and p99 (events marked)").including("^[^/]+@\\d+$"),
                dev.cqlbench.result.ChartSpec.of(dev.cqlbench.result.ChartSpec.RESOURCES,
                        "CPU per operation and peak memory"));
    }

    @Override
    public List<String> operationLabels() {
        List<String> labels = new ArrayList<>();
        for (Workload w : workloads) {
            labels.add(loadLabel(w.name()));
            for (int c : concurrencies) {
                String phase = label(w.name(), c);
                labels.add(phase);
                for (Op op : ops(w)) {
                    labels.add(opLabel(phase, op));
                }
            }
        }
        return labels;
    }

    /** Load phases: the workload's records; run phases: {@code ops}, or 0 when a duration bounds them. */
    @Override
    public int operationsPerRepetition(String operation) {
        for (Workload w : workloads) {
            if (operation.equals(loadLabel(w.name()))) {
                return w.recordCount();
            }
        }
        return operation.contains("/") ? 0 : (int) Math.min(Integer.MAX_VALUE, ops);
    }

    @Override
    public ScenarioRunner runner(Binding binding, String variant, RunListener listener) throws Exception {
        return new MixesRunner(binding.keyValueStore(keyspace, fieldCount), this, variant, listener);
    }
}
