package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.Lifecycle;
import dev.cqlbench.app.Progress;
import dev.cqlbench.app.cluster.ClusterTarget;
import dev.cqlbench.app.cluster.SqlTarget;
import dev.cqlbench.app.host.Placement;
import dev.cqlbench.app.host.StoppedWorkers;
import dev.cqlbench.app.live.LiveMetrics;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.worker.WorkerRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The worker JVMs of a run, forked, set up and warmed before anything is measured: a team's own binding (a jar) first
 * and alone, then every other variant's, {@link #startingAtOnce} at a time. A worker that fails ends its variant
 * (all its JVMs); one of a binding jar ends the run (exit 2).
 *
 * @param live where the run is watched live ({@link LiveMetrics#unwatched} when it is not)
 */
record WorkerStarts(Layout layout, Lifecycle lifecycle, Progress progress, LiveMetrics live) {

    private static final Duration SETUP_TIMEOUT = Duration.ofMinutes(10);

    /**
     * Starts every variant's workers, {@link #startingAtOnce} at a time: a warm-up is mostly one thread waiting for
     * the server, so on a machine of two cores eight of them overlap well, and a run of nine libraries is measuring
     * minutes sooner. Nothing is measured until every one is warm.
     */
    void startAll(List<VariantRun> variants, RunSettings settings, Clusters clusters, SqlTarget sql,
                          Path logDir, Placement placement) {
        // a team's own binding (a jar) opens first and alone: one that cannot start is the user's to fix, and
        // stops the run before any other library's JVM starts
        List<VariantRun> own = variants.stream().filter(v -> BindingJar.holds(v.variant.library())).toList();
        if (!own.isEmpty()) {
            startAll(own, variants, settings, clusters, sql, logDir, placement);
            own.stream().filter(v -> v.failure != null).findFirst().ifPresent(v -> {
                throw new CqlbenchException(ExitCode.USAGE, v.variant.name() + ": its binding "
                        + v.variant.library().binding() + " from " + v.variant.library().module()
                        + " did not start: " + v.failure);
            });
        }
        startAll(variants.stream().filter(v -> !own.contains(v)).toList(), variants, settings, clusters, sql, logDir,
                placement);
    }

    /**
     * Starts more JVMs of variants already running ({@code more}, among {@code all}): a JVM that fails ends its
     * variant, every JVM of it.
     */
    void startMore(List<VariantRun> more, List<VariantRun> all, RunSettings settings, Clusters clusters,
                   SqlTarget sql, Path logDir, Placement placement) {
        startAll(more, all, settings, clusters, sql, logDir, placement);
    }

    private void startAll(List<VariantRun> starting, List<VariantRun> variants, RunSettings settings,
                          Clusters clusters, SqlTarget sql, Path logDir, Placement placement) {
        if (starting.isEmpty()) {
            return;
        }
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(
                Math.max(1, Math.min(startingAtOnce(placement), starting.size())), r -> {
                    Thread t = new Thread(r, "cqlbench-worker-start");
                    t.setDaemon(true);
                    return t;
                });
        try {
            List<java.util.concurrent.Future<?>> started = new ArrayList<>();
            for (VariantRun variant : interleaved(starting)) {
                started.add(pool.submit(() -> {
                    if (!lifecycle.stopRequested()) {
                        start(variant, variants, settings, clusters, sql, logDir, placement);
                    }
                }));
            }
            for (java.util.concurrent.Future<?> f : started) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Workers started and warmed at the same time: four to a CPU. A warm-up goes on while its JVM's compiler is busy,
     * up to a limit in seconds ({@code Defaults.warmupMillis}), and a JVM of a big library on a shared CPU is busy that
     * long, so the JVMs warm in waves of that limit. Measured on the 2-core host (2026-11-29): two libraries, four JVMs,
     * all warm 42.4 s after the schema three at a time (the fourth warmed alone after the others), 38.7 s four at
     * once; the demo's four libraries, eight JVMs, each warming to its limit of about 40 s: three and four at a time
     * 93 s, all eight at once 48.6 s, and the demo 45 s shorter. The price: a JVM warms on a quarter of a CPU instead
     * of half, and leaves more to its settling rounds. The runs do not show it: that run's intervals were wider
     * (±20-30 % against ±4-12 % four at a time) and it decided 3 of the study's 5 claims (1 to 4 in three runs four at
     * a time); in two whole demos from a fresh clone, ±16 % eight at once against ±17-37 % four at a time, 1 claim
     * against 2.
     * Earlier, six JVMs of two libraries warmed in 47 s three at a time and 49 s all six at once.
     */
    static int startingAtOnce(Placement placement) {
        // the machine's CPUs, not this process's: it may be pinned to the clients' half already
        int cpus = placement.machine() != null ? placement.machine().size() : Runtime.getRuntime().availableProcessors();
        return STARTING_AT_ONCE_PER_CPU * cpus;
    }

    static final int STARTING_AT_ONCE_PER_CPU = 4;

    /**
     * The JVMs in the order they start: each variant's first JVM, then each one's second, and so on. JVMs that warm
     * up side by side meet the same node, the same neighbours and the same CPU, and their JIT compilers decide on
     * what those warm-ups showed: started variant by variant, a variant's JVMs shared that and moved together from
     * run to run, which no number of its JVMs in one run can average away (six runs of an A/A, driver4 twice and
     * Spring Data, four JVMs a variant, on the 2-core host: the two driver4 variants' ratio moved from run to run
     * 1.6 times as much as its rounds explained, p 0.05; interleaved, 0.3 times). Interleaved, what they meet
     * differs from JVM to JVM, and the run's own forks see it.
     */
    static List<VariantRun> interleaved(List<VariantRun> starting) {
        List<VariantRun> out = new ArrayList<>(starting);
        out.sort(java.util.Comparator.comparingInt((VariantRun v) -> v.fork));
        return out;
    }

    /** Forks, sets up and warms the variant's worker, connected to its cluster or to the relational database. */
    private void start(VariantRun variant, List<VariantRun> all, RunSettings settings, Clusters clusters,
                       SqlTarget sql, Path logDir, Placement placement) {
        if (variant.failure != null) {
            return; // another JVM of its variant failed before this one started
        }
        boolean usesSql = variant.variant.library().sql();
        ClusterTarget own = usesSql || clusters == null ? null : clusters.of(variant.variant);
        if (!usesSql && own == null) {
            return; // stopped before its cluster opened
        }
        variant.serverPids = usesSql ? (sql.serverPid() == null ? List.of() : List.of(sql.serverPid()))
                : own.serverPids();
        variant.connectionAudit = usesSql ? null : clusters.connectionAudit(own);
        BindingConfig connection = usesSql ? sql.connection() : own.connection();
        String name = variant.name();
        try {
            List<String> jvmArgs = new ArrayList<>(placement.workerJvmArgs());
            jvmArgs.addAll(settings.processes().worker().jvmArgs());
            variant.worker = startWorker(placement, variant, jvmArgs, logDir);
            variant.watch = live.watch(variant.variant.name(), variant.fork);
            variant.worker.watchedBy(variant.watch);
            variant.worker.meetAt(usesSql ? null : clusters.barrier(own));
            WorkerRequest.Watching watching = new WorkerRequest.Watching(settings.processes().worker().outputDir(),
                    settings.processes().worker().hdrLog(), usesSql ? List.of() : own.serverJmx(), live.watched());
            variant.ready = variant.worker.setup(new WorkerRequest.Setup(settings.scenario(), variant.variant,
                    connection, settings.plan(), variant.fork, watching, Defaults.warmupMillis(all.size(),
                            settings.plan().cycles(), settings.asked().stopping() == null ? 0
                                    : settings.asked().stopping().maxSeconds())),
                    SETUP_TIMEOUT, lifecycle::stopRequested);
            if (variant.failure != null) {
                variant.close(); // another JVM of its variant failed while this one warmed
                return;
            }
            Variant.Release release = variant.variant.release();
            if (release != null && !release.version().equals(variant.ready.libraryVersion())) {
                // its classpath did not take: what it would measure is another version than the one named
                throw new WorkerException(name + " runs " + variant.variant.library().name() + " "
                        + variant.ready.libraryVersion() + ", not the " + release.version() + " it was given",
                        variant.worker.log(), null);
            }
            progress.line(String.format("%s: worker pid %d, %s %s, warmed up in %.1f s", name, variant.worker.pid(),
                    variant.variant.library().name(), variant.ready.libraryVersion(),
                    variant.ready.warmupNanos() / 1e9));
        } catch (WorkerException e) {
            if (variant.failure == null) {
                variant.fail(e, progress, all);
            } else {
                variant.close(); // closed because another JVM of its variant failed: that failure is the one said
            }
        }
    }

    /**
     * @param pause whether every worker but the one measuring is stopped meanwhile ({@link StoppedWorkers})
     */
    /** Forks a worker on every CPU (its warm-up), {@link Placement#pinClients} moves it for the rounds. */
    private WorkerProcess startWorker(Placement placement, VariantRun variant, List<String> jvmArgs, Path logDir)
            throws WorkerException {
        try {
            return placement.startingWorkers(() -> WorkerProcess.start(layout, variant.variant, jvmArgs,
                    logDir.resolve(variant.logName())));
        } catch (WorkerException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

}
