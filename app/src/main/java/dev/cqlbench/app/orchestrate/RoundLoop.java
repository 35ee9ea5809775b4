package dev.cqlbench.app.orchestrate;

import dev.cqlbench.analysis.Settling;
import dev.cqlbench.app.Lifecycle;
import dev.cqlbench.app.Progress;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.CycleMeasurements;
import dev.cqlbench.result.Family;
import dev.cqlbench.result.Rounds;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.RoundOrder;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.worker.WorkerEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.DoublePredicate;

/**
 * The run's rounds, once its JVMs are up: settling rounds until every JVM's JIT compiler is quiet (left out of the
 * result), then measured rounds until the plan's count, the time limit or a look of the {@link RoundRule} ends them.
 * Each round takes every live JVM in a seeded-random order ({@link RoundOrder}); each JVM's turn is one cycle of its
 * worker, with its CPU and memory and the servers' read around it and the servers' CPU around each of its blocks.
 */
final class RoundLoop {

    /**
     * How each JVM's turn is watched: the phase the node watch tells its events in, the cluster's schedule, and
     * whether a JVM is stopped while the others take their turns.
     */
    record TurnWatch(NodeWatch.Phase phase, ScheduleDriver schedule, boolean pause) {}

    private final RunSettings settings;
    private final List<VariantRun> variants;
    private final Consumer<List<VariantRun>> starting;
    private final TurnWatch watch;
    private final Lifecycle lifecycle;
    private final Progress progress;
    private final IdleBaseline idle = new IdleBaseline();
    private final int cap;
    private final int least;
    private final Settling settling;
    private final long roundsStart = System.nanoTime();
    private final RoundRule rule;
    private final RunProgress runProgress;
    private final Duration inactivity;
    private ResourceSampler sampler;
    /** The first measured round; -1 while settling. */
    private int settle = -1;
    private int finished;

    /**
     * Made just before the rounds begin.
     *
     * @param family   what the run asks, fixed before its data: the rule's looks answer it
     * @param variants every JVM of every variant, in the variants' order; JVMs added mid-run join it
     * @param starting starts JVMs added mid-run (they are in {@code variants} by then)
     */
    RoundLoop(RunSettings settings, Family family, List<VariantRun> variants, Consumer<List<VariantRun>> starting,
              VarianceModel variance, TurnWatch watch, Lifecycle lifecycle, Progress progress) {
        this.settings = settings;
        this.cap = settings.plan().cycles();
        this.least = Defaults.settlingRounds(cap);
        this.inactivity = Duration.ofSeconds(settings.processes().worker().timeoutSeconds());
        this.variants = variants;
        this.settling = new Settling(variants.size(), least);
        this.starting = starting;
        this.watch = watch;
        this.lifecycle = lifecycle;
        this.progress = progress;
        this.rule = new RoundRule(settings, family, roundsStart, variance);
        this.runProgress = new RunProgress(progress, least + cap, settings.plan().repetitions(),
                settings.plan().operationLabels().size(), variants.stream().filter(VariantRun::live).count(),
                rule::timeSpent);
    }

    /** Runs the rounds; what they were, for the result. */
    Rounds run() {
        if (watch.pause()) {
            variants.stream().filter(VariantRun::live).forEach(v -> v.worker.pause());
        }
        try (ResourceSampler resources = new ResourceSampler()) {
            sampler = resources;
            for (int cycle = 0; !lifecycle.stopRequested(); cycle++) {
                if (settle < 0 && !settling.settling()) {
                    settled(cycle);
                }
                if (settle >= 0 && !another(cycle - settle)) {
                    break;
                }
                round(cycle);
            }
        } finally {
            runProgress.finish();
        }
        return rule.rounds(finished, lifecycle.stopRequested(), idle.percentOfCore(), Math.max(0, settle));
    }

    private double seconds() {
        return (System.nanoTime() - roundsStart) / 1e9;
    }

    /** Settling is over: round {@code cycle} is the first measured. */
    private void settled(int cycle) {
        settle = cycle;
        rule.settled(settle, seconds());
        runProgress.settled(settle, cap);
        if (settle > 0) {
            progress.line(settle + " settling rounds done, left out of the result" + (settle == least ? ""
                    : settling.settled() ? " (until every JVM's JIT compiler was quiet in a round)"
                    : " (the most: a JVM's JIT compiler was still busy)"));
        }
    }

    /**
     * Whether another round runs after {@code measured} measured ones: not past the plan's count, nor once the rule
     * stops the run; JVMs a look finds further apart than their calibration says get more JVMs first.
     */
    private boolean another(int measured) {
        if (measured >= cap) {
            return false;
        }
        if (measured > 0) {
            String done = rule.done(measured, variants, progress::line);
            if (done != null) {
                progress.line(done);
                return false;
            }
            moreJvms(rule.takeJvmsApart(), warm -> rule.morePay(measured, warm));
        }
        return true;
    }

    /** Round {@code cycle}: every live JVM's turn in the round's order. */
    private void round(int cycle) {
        boolean measuring = settle >= 0;
        if (cycle % IdleBaseline.EVERY == 0) {
            idle.measure(sampler, variants.stream().flatMap(v -> v.serverPids.stream()).distinct().toList());
        }
        boolean[] quiet = new boolean[variants.size()];
        List<VariantRun> order = RoundOrder.resolvable(variants, v -> v.variant, settings.plan().seed(), cycle);
        for (VariantRun jvm : order) {
            quiet[variants.indexOf(jvm)] = !jvm.live() || lifecycle.stopRequested()
                    || turn(jvm, cycle, measuring, order.indexOf(jvm));
        }
        if (!measuring) {
            settling.round(quiet);
            settling.limit(settings.asked().stopping() == null ? 0 : settings.asked().stopping().maxSeconds(),
                    seconds() / settling.rounds());
        } else if (!lifecycle.stopRequested()) {
            finished = cycle + 1 - settle;
        }
    }

    /**
     * {@code jvm}'s turn, the {@code turn}th of round {@code cycle}: one cycle of its worker, measured or settling.
     * Whether its JIT compiler was quiet in it (true where that does not count: measured, or failed).
     */
    private boolean turn(VariantRun jvm, int cycle, boolean measuring, int turn) {
        boolean audited = Defaults.audited(cycle, settle);
        ConnectionAudit.Seen connections = audited ? jvm.connectionsNow() : null;
        Map<Long, ResourceSampler.Sample> start = sampler.begin(jvm.pids());
        BlockWindows windows = new BlockWindows(jvm.serverPids, sampler, idle, roundsStart);
        runProgress.begin(jvm.name(), cycle);
        jvm.roundBegins(cycle, measuring);
        watch.phase().begin(jvm.name(), null);
        CycleMeasurements done = CycleMeasurements.NONE;
        boolean quiet = true;
        try {
            Consumer<WorkerEvent> listener = windows.andThen(watch.phase().listener(jvm.name()))
                    .andThen(watch.schedule().listener(jvm.name())).andThen(runProgress::accept);
            done = jvm.cycle(cycle, audited, inactivity, lifecycle::stopRequested, watch.pause(), listener);
            if (measuring && jvm.settled) {
                jvm.measured(windows.stamp(done, jvm.variant.name(), jvm.fork, turn), done.distributions());
            } else if (measuring) {
                jvm.settling(quiet(done)); // a JVM added mid-run, still settling
            } else {
                quiet = quiet(done);
            }
        } catch (WorkerException e) {
            jvm.fail(e, progress, variants);
        } finally {
            runProgress.end();
            jvm.account(sampler, start, measuring && jvm.settled);
            jvm.connectionsSince(connections, done.timedCount());
            watch.schedule().await();
        }
        return quiet;
    }

    /**
     * More JVMs for the variants whose JVMs the first look found further apart than their calibration says: twice as
     * many, at most {@link Defaults#MOST_FORKS}, started while no round runs, each measured once it has settled; the
     * variant's questions then rest on the rounds every JVM of it has, their looks' errors added as a union.
     */
    private void moreJvms(List<String> apart, DoublePredicate pays) {
        List<VariantRun> more = new ArrayList<>();
        for (String name : apart) {
            List<VariantRun> forks = variants.stream().filter(v -> v.variant.name().equals(name)).toList();
            int wanted = Math.min(Defaults.MOST_FORKS, 2 * forks.size());
            if (forks.isEmpty() || forks.stream().anyMatch(f -> !f.live()) || wanted <= forks.size()) {
                continue;
            }
            double warm = forks.stream().filter(f -> f.ready != null).mapToLong(f -> f.ready.warmupNanos()).max()
                    .orElse(0) / 1e9;
            if (!pays.test(warm)) {
                progress.line(String.format(Locale.ROOT, "%s: its JVMs sit further apart than its calibration says "
                        + "at the first look; more JVMs (%.0f s to warm) would leave it fewer rounds than it has: its "
                        + "intervals carry its own JVMs' spread", name, warm));
                continue;
            }
            List<VariantRun> added = VariantRun.more(forks, wanted);
            added.forEach(v -> v.settled = false);
            progress.line(String.format(Locale.ROOT, "%s: its JVMs sit further apart than its calibration says at "
                    + "the first look: %d more, measured once they have settled", name, added.size()));
            more.addAll(added);
        }
        if (!more.isEmpty() && !lifecycle.stopRequested()) {
            variants.addAll(more);
            starting.accept(more);
        }
    }

    /** Whether a JVM's round was quiet: its JIT compiler spent at most a small share of its blocks' time. */
    private static boolean quiet(CycleMeasurements done) {
        long jit = 0;
        long nanos = 0;
        for (Block b : done.blocks()) {
            jit += b.jitMillis() == null ? 0 : b.jitMillis();
            nanos += b.totalNanos();
        }
        return Settling.quiet(jit, nanos / 1e6);
    }
}
