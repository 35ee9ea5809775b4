package dev.cqlbench.app.live;

import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.runner.LiveSecond;
import dev.cqlbench.worker.WorkerEvent;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.StateSetSnapshot;
import io.prometheus.metrics.model.snapshots.Unit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * What a run has done so far, as the orchestrator hears it from its workers (their measured seconds as they close,
 * their heartbeats, their phases), kept as cumulative counts and handed to the Prometheus client's registry as
 * snapshots when it is scraped (the exposition formats are the library's). Per variant and operation: operations and
 * errors by kind as counters, latency as a classic histogram; per worker JVM: operations in flight, schedule lag and
 * intended rate in open loop, CPU and collection time, phase and round; per run: what happened to its cluster, by
 * kind. Every series carries the run id, the scenario and the client's index, so one query sums the clients of a
 * {@code --client i/N} run.
 *
 * <p>The live buckets are for watching: the result's HdrHistogram stays the exact record. Nothing here is on a
 * worker's hot path: it reads events the workers send once a second.
 */
public final class LiveMetrics implements MultiCollector {

    /** The phases of a worker JVM, as {@code cqlbench_phase} names them. */
    public static final List<String> PHASES = List.of(
            "warmup",  // the JVM starts, the binding connects and prepares, the warm-up runs
            "wait",    // at a barrier, for the other clients of the run
            "measure", // in a timed block
            "verify",  // between timed blocks: reading back, checking (a load is a timed block of its own)
            "idle",    // between rounds (another variant's JVM runs)
            "done");   // closed, or failed

    /**
     * The classic buckets' upper bounds, seconds: 1, 1.5, 2, 3, 5 and 7 per decade from 10 µs to 70 s (a quantile
     * read from them is off by at most the width of its bucket; the result's HdrHistogram has 3 significant digits).
     */
    static final double[] BUCKETS = buckets();

    static final String OPERATIONS = "cqlbench_operations";
    static final String ERRORS = "cqlbench_errors";
    static final String LATENCY = "cqlbench_latency_seconds";
    static final String IN_FLIGHT = "cqlbench_in_flight";
    static final String LAG = "cqlbench_schedule_lag_seconds";
    static final String RATE = "cqlbench_intended_rate";
    static final String CPU = "cqlbench_client_cpu_seconds";
    static final String GC = "cqlbench_client_gc_seconds";
    static final String PHASE = "cqlbench_phase";
    static final String ROUND = "cqlbench_round";
    static final String PHASE_CODE = "cqlbench_phase_code";
    static final String CLUSTER_EVENTS = "cqlbench_cluster_events";
    /** The cluster events a run can have, each a series from the start (0 until it happens). */
    static final List<String> EVENT_KINDS = List.of(RunEvent.JOIN_START, RunEvent.JOIN_END,
            RunEvent.DECOMMISSION_START, RunEvent.DECOMMISSION_END, RunEvent.FAILED, RunEvent.NODE_DOWN,
            RunEvent.CLUSTER_DOWN);

    private final String[] runLabels;
    private final String[] runValues;
    private final Map<List<String>, OperationSeries> operations = new TreeMap<>(LiveMetrics::compare);
    private final Map<List<String>, JvmState> jvms = new TreeMap<>(LiveMetrics::compare);
    private long scrapes;
    /** The run's cluster events as they happen (a list the orchestrator adds to); empty until it hands it over. */
    private List<RunEvent> events = List.of();
    private long scrapesAtEnd = -1;
    private final boolean watched;

    /**
     * @param runId    the run's name: its {@code --run-id}, shared by its clients, or its result directory's
     * @param scenario the scenario's name
     * @param client   the client's index in a {@code --client i/N} run; 0 alone
     */
    public LiveMetrics(String runId, String scenario, int client) {
        this(runId, scenario, client, true);
    }

    private LiveMetrics(String runId, String scenario, int client, boolean watched) {
        runLabels = new String[] {"run_id", "scenario", "client"};
        runValues = new String[] {runId, scenario, Integer.toString(client)};
        this.watched = watched;
    }

    /**
     * A run no one watches ({@code --metrics-port} not given): it hears the workers as a watched run's does and
     * serves no one; its workers send no seconds ({@link #watched}).
     */
    public static LiveMetrics unwatched() {
        return new LiveMetrics("", "", 0, false);
    }

    /** Whether an endpoint serves these counts: then every worker sends each measured second as it closes. */
    public boolean watched() {
        return watched;
    }

    /** One worker JVM's events: {@code fork} from 0. */
    public synchronized Watch watch(String variant, int fork) {
        List<String> key = List.of(variant, Integer.toString(fork + 1));
        JvmState jvm = jvms.computeIfAbsent(key, k -> new JvmState());
        return new Watch(variant, jvm);
    }

    /** What one worker JVM tells, turned into the run's counts. */
    public final class Watch implements Consumer<WorkerEvent> {

        private final String variant;
        private final JvmState jvm;
        private volatile boolean measured;

        private Watch(String variant, JvmState jvm) {
            this.variant = variant;
            this.jvm = jvm;
        }

        /** A round begins: {@code cycle} from 0; {@code measured} false in a settling round the result leaves out. */
        public void round(int cycle, boolean measured) {
            this.measured = measured;
            synchronized (LiveMetrics.this) {
                jvm.round = cycle + 1;
            }
        }

        /** The JVM is closed, or failed. */
        public void done() {
            synchronized (LiveMetrics.this) {
                jvm.phase = "done";
                jvm.quiet();
            }
        }

        @Override
        public void accept(WorkerEvent event) {
            synchronized (LiveMetrics.this) {
                if (event instanceof WorkerEvent.Second s) {
                    second(s.second());
                } else if (event instanceof WorkerEvent.Heartbeat beat) {
                    jvm.cpuNanos = Math.max(jvm.cpuNanos, beat.cpuNanos());
                    jvm.gcMillis = Math.max(jvm.gcMillis, beat.gcMillis());
                } else if (event instanceof WorkerEvent.Section section) {
                    jvm.phase = section.begin() ? "measure" : "verify";
                    if (!section.begin()) {
                        jvm.quiet();
                    }
                } else if (event instanceof WorkerEvent.AtBarrier) {
                    jvm.phase = "wait";
                } else if (event instanceof WorkerEvent.Ready || event instanceof WorkerEvent.CycleDone) {
                    jvm.phase = "idle";
                } else if (event instanceof WorkerEvent.Failed) {
                    jvm.phase = "done";
                    jvm.quiet();
                }
            }
        }

        private void second(LiveSecond second) {
            String round = Boolean.toString(measured);
            for (LiveSecond.Kind kind : second.kinds()) {
                OperationSeries series = operations.computeIfAbsent(List.of(variant, kind.operation(), round),
                        k -> new OperationSeries());
                series.add(kind);
            }
            jvm.inFlight = second.inFlight();
            jvm.lagSeconds = second.lagMaxSeconds();
            jvm.rate = second.intendedRate();
        }
    }

    /** The run is over: from now on, {@link #scrapedSinceEnd} tells whether its last counts were read. */
    public synchronized void ended() {
        scrapesAtEnd = scrapes;
    }

    /** Whether anyone scraped the endpoint while the run went on. */
    public synchronized boolean scrapedBefore() {
        return scrapesAtEnd > 0 || scrapesAtEnd < 0 && scrapes > 0;
    }

    /** Where the run records what happens to its cluster (a synchronized list): counted by kind when scraped. */
    public synchronized void clusterEvents(List<RunEvent> runEvents) {
        events = runEvents;
    }

    /** Whether a scrape has read the counts as they were when the run ended. */
    public synchronized boolean scrapedSinceEnd() {
        return scrapesAtEnd >= 0 && scrapes > scrapesAtEnd;
    }

    @Override
    public synchronized MetricSnapshots collect() {
        scrapes++;
        CounterSnapshot.Builder ops = CounterSnapshot.builder().name(OPERATIONS)
                .help("Operations completed in measured blocks, successful or not, counted as the result counts them "
                        + "(a batch's rows); measured=\"false\" in settling rounds the result leaves out");
        CounterSnapshot.Builder errors = CounterSnapshot.builder().name(ERRORS)
                .help("Operations of measured blocks that failed or read back wrong, by kind of error");
        HistogramSnapshot.Builder latency = HistogramSnapshot.builder().name(LATENCY).unit(Unit.SECONDS)
                .help("Response time of the successful operations of measured blocks (from the intended start in "
                        + "open loop); live buckets for watching, the result's HdrHistogram is the exact record");
        for (Map.Entry<List<String>, OperationSeries> e : operations.entrySet()) {
            Labels labels = labels(new String[] {"variant", "operation", "measured"}, e.getKey());
            OperationSeries s = e.getValue();
            ops.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().labels(labels).value(s.completed)
                    .build());
            s.errors.forEach((kind, n) -> errors.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
                    .labels(labels.add("error", kind)).value(n).build()));
            double[] bounds = Arrays.copyOf(BUCKETS, BUCKETS.length + 1);
            bounds[BUCKETS.length] = Double.POSITIVE_INFINITY;
            latency.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder().labels(labels)
                    // counts per bucket, not cumulative: the exposition format adds them up
                    .classicHistogramBuckets(ClassicHistogramBuckets.of(bounds, s.buckets.clone()))
                    .sum(s.sumSeconds).build());
        }
        GaugeSnapshot.Builder inFlight = GaugeSnapshot.builder().name(IN_FLIGHT)
                .help("Operations sent and not yet completed when the JVM's last measured second closed");
        GaugeSnapshot.Builder lag = GaugeSnapshot.builder().name(LAG).unit(Unit.SECONDS)
                .help("Open loop: the most an operation of the last second started after its scheduled time");
        GaugeSnapshot.Builder rate = GaugeSnapshot.builder().name(RATE)
                .help("Open loop: the operations per second the running block is scheduled at; 0 in closed loop");
        CounterSnapshot.Builder cpu = CounterSnapshot.builder().name(CPU).unit(Unit.SECONDS)
                .help("CPU time of the worker JVM (the client), every thread");
        CounterSnapshot.Builder gc = CounterSnapshot.builder().name(GC).unit(Unit.SECONDS)
                .help("Garbage collection time of the worker JVM (the client)");
        StateSetSnapshot.Builder phase = StateSetSnapshot.builder().name(PHASE)
                .help("What the worker JVM is doing: " + String.join(", ", PHASES));
        GaugeSnapshot.Builder round = GaugeSnapshot.builder().name(ROUND)
                .help("The round the worker JVM runs or last ran, from 1 (settling rounds counted)");
        GaugeSnapshot.Builder phaseCode = GaugeSnapshot.builder().name(PHASE_CODE)
                .help("The worker JVM's phase as a number, for a timeline of one row per JVM: "
                        + String.join(", ", java.util.stream.IntStream.range(0, PHASES.size())
                                .mapToObj(i -> i + " " + PHASES.get(i)).toList()));
        for (Map.Entry<List<String>, JvmState> e : jvms.entrySet()) {
            Labels labels = labels(new String[] {"variant", "jvm"}, e.getKey());
            JvmState j = e.getValue();
            inFlight.dataPoint(gauge(labels, j.inFlight));
            lag.dataPoint(gauge(labels, j.lagSeconds));
            rate.dataPoint(gauge(labels, j.rate));
            round.dataPoint(gauge(labels, j.round));
            phaseCode.dataPoint(gauge(labels, Math.max(0, PHASES.indexOf(j.phase))));
            if (j.cpuNanos >= 0) {
                cpu.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().labels(labels)
                        .value(Unit.nanosToSeconds(j.cpuNanos)).build());
            }
            gc.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().labels(labels)
                    .value(Unit.millisToSeconds(j.gcMillis)).build());
            StateSetSnapshot.StateSetDataPointSnapshot.Builder states = StateSetSnapshot.StateSetDataPointSnapshot
                    .builder().labels(labels);
            for (String p : PHASES) {
                states.state(p, p.equals(j.phase));
            }
            phase.dataPoint(states.build());
        }
        Map<String, Long> happened = new TreeMap<>();
        EVENT_KINDS.forEach(kind -> happened.put(kind, 0L));
        synchronized (events) {
            events.forEach(e -> happened.merge(e.kind(), 1L, Long::sum));
        }
        CounterSnapshot.Builder clusterEvents = CounterSnapshot.builder().name(CLUSTER_EVENTS)
                .help("What happened to the run's cluster, by kind: a node joining or leaving (start, end), a schedule "
                        + "that failed, a node down, every node down");
        happened.forEach((kind, n) -> clusterEvents.dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder()
                .labels(labels(new String[] {"kind"}, List.of(kind))).value(n).build()));
        return MetricSnapshots.of(ops.build(), errors.build(), latency.build(), inFlight.build(), lag.build(),
                rate.build(), cpu.build(), gc.build(), phase.build(), round.build(), phaseCode.build(),
                clusterEvents.build());
    }

    private Labels labels(String[] names, List<String> values) {
        String[] n = Arrays.copyOf(runLabels, runLabels.length + names.length);
        String[] v = Arrays.copyOf(runValues, runValues.length + names.length);
        System.arraycopy(names, 0, n, runLabels.length, names.length);
        for (int i = 0; i < names.length; i++) {
            v[runLabels.length + i] = values.get(i);
        }
        return Labels.of(n, v);
    }

    private static GaugeSnapshot.GaugeDataPointSnapshot gauge(Labels labels, double value) {
        return GaugeSnapshot.GaugeDataPointSnapshot.builder().labels(labels).value(value).build();
    }

    /** The live bucket holding {@code seconds}: its lower and upper bounds (the first's lower is 0). */
    public static double[] bucketAround(double seconds) {
        int b = bucket(seconds);
        return new double[] {b == 0 ? 0 : BUCKETS[b - 1], b < BUCKETS.length ? BUCKETS[b] : Double.POSITIVE_INFINITY};
    }

    /** The bucket of {@code seconds}: the first whose upper bound holds it, or the last (+Inf). */
    static int bucket(double seconds) {
        int i = Arrays.binarySearch(BUCKETS, seconds);
        return i >= 0 ? i : -i - 1;
    }

    private static double[] buckets() {
        double[] steps = {1, 1.5, 2, 3, 5, 7};
        List<Double> out = new ArrayList<>();
        for (int exponent = -5; exponent <= 1; exponent++) {
            for (double step : steps) {
                // from the decimal text, so 1.5e-5 is the double a reader of the le label would write
                out.add(Double.parseDouble(step + "e" + exponent));
            }
        }
        return out.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static int compare(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    /** One variant's operation, in measured or in settling rounds: cumulative since the run began. */
    private static final class OperationSeries {
        long completed;
        final Map<String, Long> errors = new TreeMap<>();
        /** Per bucket (not cumulative), the last for values above every bound. */
        final long[] buckets = new long[BUCKETS.length + 1];
        double sumSeconds;

        void add(LiveSecond.Kind kind) {
            completed += kind.completed();
            kind.errorsByKind().forEach((k, n) -> errors.merge(k, n, Long::sum));
            if (kind.histogram() == null) {
                return;
            }
            Histogram h = HistogramCodec.decode(kind.histogram());
            for (HistogramIterationValue v : h.recordedValues()) {
                // in a bucket as its HdrHistogram bucket's highest equivalent value, as its percentiles are; in the
                // sum as its median equivalent value, as its mean is
                buckets[bucket(v.getValueIteratedTo() / 1e9)] += v.getCountAtValueIteratedTo();
                sumSeconds += h.medianEquivalentValue(v.getValueIteratedTo()) / 1e9 * v.getCountAtValueIteratedTo();
            }
        }
    }

    /** One worker JVM's gauges and totals. */
    private static final class JvmState {
        String phase = "warmup";
        int round;
        long inFlight;
        double lagSeconds;
        double rate;
        long cpuNanos = -1;
        long gcMillis;

        /** No block runs: nothing in flight, nothing late, no schedule. */
        void quiet() {
            inFlight = 0;
            lagSeconds = 0;
            rate = 0;
        }
    }
}
