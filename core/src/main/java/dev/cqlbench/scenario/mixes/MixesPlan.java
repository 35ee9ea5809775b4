package dev.cqlbench.scenario.mixes;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.cqlbench.run.ClientShard;
import dev.cqlbench.run.Repeats;
import dev.cqlbench.run.RepeatedPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * Study 05: standard mixes, YCSB style. Per workload the table is emptied and loaded ({@code recordCount}
 * records, the load phase), then each concurrency runs the mix for {@code durationMillis} or {@code ops}
 * operations (the run phase). Closed loop: {@code concurrency} operations in flight, a new one when one
 * completes. Open loop ({@code rate} &gt; 0): operations start on a fixed schedule of {@code rate} per second,
 * at most {@code concurrency} in flight; latency counts from each operation's intended start, and the service
 * time from its actual start is kept too. Built (and validated) by {@link MixesOptions}.
 *
 * @param workloads       the mixes, in order; the first one's fields shape the table every workload uses
 * @param phase           how long each run phase lasts, how fast and from how many threads its operations start
 * @param loadConcurrency inserts in flight during the load phase
 * @param repeats         repetitions, cycles, seed; its warmup: operations run once per worker and discarded
 * @param warmupMaxMillis after the warmup's operations, warmup goes on in rounds while the JIT compiler is still busy
 *                        (over 10% of the round's time), until this long has passed; 0: the warmup's operations only
 * @param client          which part of the workload this client does when several share it ({@code --client}); the
 *                        plan's figures ({@code recordCount}, {@code ops}, {@code rate}) are always the whole's
 */
public record MixesPlan(
        List<Workload> workloads,
        List<Integer> concurrencies,
        @JsonUnwrapped RunPhase phase,
        int loadConcurrency,
        @JsonUnwrapped Repeats repeats,
        boolean verify,
        long warmupMaxMillis,
        ClientShard client) implements RepeatedPlan {

    public static final String LOAD = "load";
    public static final String CLOSED_LOOP = "closed-loop";
    public static final String OPEN_LOOP = "open-loop";

    /** Operation types of a mix, as labels. */
    public enum Op { READ, UPDATE, INSERT, SCAN, READ_MODIFY_WRITE }

    /**
     * How a run phase is bounded and paced.
     *
     * @param durationMillis run phase length, or 0 when {@code ops} bounds it
     * @param ops            operations per run phase, or 0 when {@code durationMillis} bounds it
     * @param rate           open-loop operations per second; 0 for closed loop
     * @param threads        dispatching threads in the worker, each with its share of the in-flight operations, of the
     *                       operations and of the rate (0, older results: 1)
     */
    public record RunPhase(long durationMillis, long ops, double rate, int threads) {
        public RunPhase {
            threads = Math.max(1, threads);
        }
    }

    public MixesPlan {
        workloads = List.copyOf(workloads);
        concurrencies = List.copyOf(concurrencies);
        client = client == null ? ClientShard.ALONE : client;
    }

    public long durationMillis() {
        return phase.durationMillis();
    }

    public long ops() {
        return phase.ops();
    }

    public double rate() {
        return phase.rate();
    }

    public int threads() {
        return phase.threads();
    }

    /** Fields per record, of every workload's table (the first workload's). */
    public int fieldCount() {
        return workloads.get(0).fieldCount();
    }

    /** The longest field value, of every workload's table (the first workload's). */
    public int fieldLength() {
        return workloads.get(0).fieldLength();
    }

    public boolean openLoop() {
        return rate() > 0;
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

    /**
     * Load phases: the workload's records; run phases: {@code ops}, or 0 when a duration bounds them; this client's
     * share of them when several share the workload.
     */
    @Override
    public int operationsPerRepetition(String operation) {
        for (Workload w : workloads) {
            if (operation.equals(loadLabel(w.name()))) {
                return (int) client.slice(w.recordCount());
            }
            for (int c : concurrencies) {
                if (operation.equals(label(w.name(), c))) {
                    return (int) Math.min(Integer.MAX_VALUE, client.share(ops()));
                }
            }
        }
        return 0;
    }

    /** Seconds between the starts of two repetitions beyond the phase's own duration, when they start on a clock. */
    static final long REPETITION_GAP_SECONDS = 2;

    /**
     * When repetition {@code repetition} of a run phase starts, on the wall clock (0: at once): the first at the
     * clients' common start {@code startMillis} (their --start-at, or the instant they agreed on at a barrier; 0:
     * none), the next ones, when a duration bounds the phases, every whole number of seconds after it (the phase and a
     * gap), so that every client starts each repetition at the same instant.
     */
    public static long startOf(long startMillis, long durationMillis, int repetition) {
        if (startMillis == 0 || (repetition > 0 && durationMillis == 0)) {
            return 0;
        }
        long slotSeconds = (durationMillis + 999) / 1000 + REPETITION_GAP_SECONDS;
        return startMillis + repetition * slotSeconds * 1000;
    }

    /**
     * The clients' common start of a timed phase: their --start-at, or, when they have none ({@code --run-id}), the
     * instant they agree on at {@code step} once every client has arrived there (loaded and warmed up); 0 alone.
     */
    public static long commonStart(ClientShard client, dev.cqlbench.runner.Instruments instruments, String step) {
        if (!client.meets()) {
            return client.startAtMillis();
        }
        return instruments.barrier() == null ? 0 : instruments.barrier().await(step);
    }

    /** The same plan for the whole workload, as one client alone would run it (what the merged result reports). */
    public MixesPlan whole() {
        return new MixesPlan(workloads, concurrencies, phase, loadConcurrency, repeats, verify, warmupMaxMillis,
                client.whole());
    }

    /** The labels of every workload's run phases (not its load, not its operation types). */
    public List<String> runPhaseLabels() {
        List<String> labels = new ArrayList<>();
        for (Workload w : workloads) {
            for (int c : concurrencies) {
                labels.add(label(w.name(), c));
            }
        }
        return labels;
    }

    @Override
    public long phaseMillis() {
        return phase.durationMillis();
    }
}
