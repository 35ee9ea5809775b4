package dev.cqlbench.report;

import static dev.cqlbench.report.Format.fmt;
import static dev.cqlbench.report.Format.trim;

import dev.cqlbench.result.ClientRun;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.ProcessUsage;
import dev.cqlbench.result.Environment;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.result.Verification;
import dev.cqlbench.run.Defaults;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The parts every scenario's report shares: resources, errors, verification, JIT, the cluster's events, the footer
 * (what each variant sent: {@link AuditSection}).
 */
public final class Sections {

    private Sections() {}

    /**
     * How a scenario's report ends: CPU and memory ({@code serverName}: what the server side was), what each variant
     * sent, then {@link #footer}; returns {@code out}.
     */
    public static Doc closing(Doc out, RunResult result, String serverName, boolean eventsShown) {
        resources(out, result, serverName);
        AuditSection.audit(out, result);
        footer(out, result, eventsShown);
        return out;
    }

    /** CPU and memory of the worker and of the server while each variant ran. */
    public static void resources(Doc out, RunResult result, String serverName) {
        if (result.variants().stream().noneMatch(v -> v.client() != null)) {
            return;
        }
        // CPU per operation is the per-block figure (its own tables, with intervals); this is the whole span of
        // the measured cycles, pauses between blocks, verification and the servers' own work included
        out.append(String.format("%nCPU seconds and peak memory over the whole measured cycles (client = worker JVM, "
                + "server = " + serverName + " while this variant ran)%n"));
        List<List<String>> resources = new ArrayList<>();
        resources.add(List.of("variant", "client CPU s", "client peak RSS MB", "server CPU s", "server peak RSS MB"));
        for (VariantResult variant : result.variants()) {
            ProcessUsage c = variant.client();
            ProcessUsage s = variant.server();
            resources.add(List.of(variant.variant(),
                    c == null ? "-" : fmt(c.cpuSeconds(), 2), c == null ? "-" : fmt(c.peakRssBytes() / 1048576.0, 0),
                    s == null ? "-" : fmt(s.cpuSeconds(), 2), s == null ? "-" : fmt(s.peakRssBytes() / 1048576.0, 0)));
        }
        out.table(resources);
    }

    /**
     * What no reader may miss, printed under a run's verdicts too: what happened to the cluster while it was
     * measured, and that the result is partial.
     */
    public static void alerts(Doc out, RunResult result) {
        events(out, result);
        partial(out, result);
    }

    private static void events(Doc out, RunResult result) {
        if (result.course().events().isEmpty()) {
            return;
        }
        out.append(String.format("%nwhat happened to the cluster (seconds since the phase began)%n"));
        for (RunEvent e : result.course().events()) {
            out.append(Format.wrap(String.format(Locale.ROOT, "  %7.1f s  %-14s %s %s: %s", e.atSecond(),
                    e.kind(), e.variant(), e.operation(), e.detail()), "              ")).append('\n');
        }
    }

    private static void partial(Doc out, RunResult result) {
        if (result.course().partial()) {
            out.append(String.format("%nPARTIAL RESULT: %s%n", result.course().stopReason()));
        }
    }

    /** "errors of VARIANT OPERATION: {kind=n}" for every operation with errors ({@code filter} picks which). */
    public static void errors(Doc out, RunResult result, String suffix, java.util.function.Predicate<String> filter) {
        for (VariantResult v : result.variants()) {
            for (OperationResult op : v.operations()) {
                if (op.errors() > 0 && filter.test(op.operation())) {
                    out.append("  errors of ").append(v.variant()).append(' ').append(op.operation()).append(suffix)
                            .append(": ").append(op.errorsByKind()).append('\n');
                }
            }
        }
    }

    /**
     * The end of every report: the cluster's events (unless the report showed them on its own timeline), the data
     * verification, the JIT's share, a partial result's reason, and where it ran.
     */
    public static void footer(Doc out, RunResult result, boolean eventsShown) {
        if (!eventsShown) {
            events(out, result);
        }
        clients(out, result);
        verification(out, result);
        jit(out, result);
        partial(out, result);
        Environment env = result.ranOn().environment();
        if (env == null) {
            return; // a result made by hand
        }
        String cassandra = env.cassandraVersion() == null ? ""
                : String.format("Cassandra %s (%s), ", env.cassandraVersion(), env.target());
        out.append(String.format("%n%s%d CPUs, orchestrator %s%n", cassandra, env.availableProcessors(),
                env.orchestratorJava()));
    }

    /**
     * The clients a merged result adds up: each one's clock against the cluster's, how busy it was, which seconds not
     * every client holds, and a warning for each client that was saturated (its CPU, or open loop's schedule), whose
     * pace may be its own rather than the cluster's.
     */
    static void clients(Doc out, RunResult result) {
        if (result.ranOn().clients().size() < 2) {
            return;
        }
        int n = result.ranOn().clients().size();
        out.append(String.format("%nclients: %d shared the workload (run %s); every figure above adds them up%n", n,
                result.ranOn().clients().get(0).runId()));
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("client", "host", "cores", "clock − cluster ms", "busiest second CPU", "max schedule lag ms",
                "GC ms"));
        List<String> warnings = new ArrayList<>();
        for (ClientRun c : result.ranOn().clients()) {
            Environment env = c.environment();
            ClientRun.Clock clock = c.clock();
            ClientRun.Busy busy = c.busy();
            rows.add(List.of(c.index() + "/" + c.count(), env == null ? "-" : env.hostName(),
                    env == null ? "-" : Integer.toString(env.availableProcessors()),
                    clock.clockOffsetMs() == null ? "-" : String.format(Locale.ROOT, "%+.1f ±%.1f",
                            clock.clockOffsetMs(), clock.clockUncertaintyMs()),
                    busy.cpuShareMax() == null ? "-" : String.format(Locale.ROOT, "%.0f %%", 100 * busy.cpuShareMax()),
                    busy.lagMaxMs() == null ? "-" : String.format(Locale.ROOT, "%.1f", busy.lagMaxMs()),
                    busy.gcMillis() == null ? "-" : Long.toString(busy.gcMillis())));
            if (busy.cpuShareMax() != null && busy.cpuShareMax() >= Defaults.CLIENT_SATURATED_CPU_SHARE) {
                warnings.add(String.format(Locale.ROOT, "WARNING: client %d's busiest second used %.0f %% of its "
                        + "cores: it may have set the pace, not the cluster; add clients", c.index(),
                        100 * busy.cpuShareMax()));
            }
            if (busy.lagMaxMs() != null && busy.lagMaxMs() >= Defaults.CLIENT_LAG_WARNING_MS) {
                warnings.add(String.format(Locale.ROOT, "WARNING: client %d fell %.1f ms behind its schedule: its CPU "
                        + "(add clients) or its operations in flight (raise --concurrency) did not keep up with the "
                        + "rate", c.index(), busy.lagMaxMs()));
            }
        }
        out.table(rows);
        for (VariantResult v : result.variants()) {
            for (OperationResult op : v.operations()) {
                long seconds = op.timeline().size();
                long fewer = op.timeline().stream().filter(p -> p.clients().size() < n).count();
                if (seconds > 0) {
                    out.append(String.format("%s %s: %d seconds, %d held by all %d clients%s%n", v.variant(),
                            op.operation(), seconds, seconds - fewer, n, fewer == 0 ? ""
                                    : " (the others by fewer: a client's first or last second, or one that stopped)"));
                }
            }
        }
        warnings.forEach(w -> out.append(w + String.format("%n")));
    }

    /**
     * The JIT compiler's time during the measured phases, per variant, where the scenario records it: CPU the
     * harness spent that is not the operations', and a sign that the warmup was too short when it is large.
     */
    static void jit(Doc out, RunResult result) {
        List<String> parts = new ArrayList<>();
        boolean busy = false;
        for (VariantResult v : result.variants()) {
            long jit = 0;
            long wall = 0;
            boolean any = false;
            for (OperationResult op : v.operations()) {
                List<Block> blocks = result.blocks(v.variant(), op.operation());
                // an operation's own blocks read the JIT compiler's time; a kind of another's has none
                if (blocks.stream().anyMatch(b -> b.jitMillis() != null)) {
                    any = true;
                    jit += blocks.stream().mapToLong(b -> b.jitMillis() == null ? 0 : b.jitMillis()).sum();
                    wall += blocks.stream().mapToLong(Block::totalNanos).sum() / 1_000_000;
                }
            }
            // a merged result: every client's JIT time, over its clients' measured time together
            wall *= Math.max(1, result.ranOn().clients().size());
            if (any && wall > 0) {
                double share = (double) jit / wall;
                busy |= share > 0.1;
                parts.add(String.format(Locale.ROOT, "%s %.2f s over %.1f s measured%s (%.0f%% of one core)",
                        v.variant(), jit / 1e3, wall / 1e3,
                        result.ranOn().clients().size() > 1 ? " by all clients" : "", share * 100));
            }
        }
        if (!parts.isEmpty()) {
            out.append(String.format("%nJIT compilation during the measured phases: %s%s%n", String.join("; ", parts),
                    busy ? " — the JIT was still compiling: a longer warm-up (the scenario's --warmup-… option) lowers it"
                            : ""));
        }
    }

    /**
     * One line of what the run checked of its data over all variants, and one more per variant with differences or
     * writes it could not read back.
     */
    static void verification(Doc out, RunResult result) {
        Verification total = Verification.NONE;
        for (VariantResult v : result.variants()) {
            total = total.plus(v.verification());
        }
        if (total.checked() == 0 && total.unverifiable() == 0) {
            return;
        }
        out.append(String.format(Locale.ROOT, "%ndata verification: %,d values checked, %,d differed%s (%s)%n",
                total.checked(), total.differed(), total.unverifiable() == 0 ? ""
                        : String.format(Locale.ROOT, ", %,d acknowledged writes could not be read back",
                                total.unverifiable()),
                result.plan().verify()
                        ? "reads checked as they completed; acknowledged writes read back after each timed section"
                        : "--no-verify: only the run's own reads were checked"));
        for (VariantResult v : result.variants()) {
            Verification check = v.verification();
            if (check.differed() > 0 || check.unverifiable() > 0) {
                out.append(String.format(Locale.ROOT, "  %s: %,d checked, %,d DIFFERED, %,d unverifiable%n",
                        v.variant(), check.checked(), check.differed(), check.unverifiable()));
            }
        }
    }

    /** "differences at 99.9% confidence (TEST…)" and the lines under it, when there are any. */
    public static void differences(Doc out, double level, String test, List<String> lines) {
        if (!lines.isEmpty()) {
            out.append(String.format("%ndifferences at %s%% confidence (%s)%n", trim(level * 100), test));
            lines.forEach(line -> out.append("  ").append(line).append('\n'));
        }
    }
}
