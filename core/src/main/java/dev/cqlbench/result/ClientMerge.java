package dev.cqlbench.result;

import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.run.ScenarioPlan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * One result from the results of the N clients that shared a workload ({@code --client i/N}): what one client as
 * large as all of them would have measured. Counts, errors by kind and notes (so verification) are added; histograms
 * are added exactly, never their percentiles averaged; each block (round) counts every client's operations over the
 * longest client's time, since they started together; each wall-clock second adds the clients' operations and
 * latencies and names the clients it holds. The servers' CPU in a block is what one client read (the same servers,
 * the same seconds); the clients' CPU is added up. A set of results that is not one run's N clients is refused.
 */
public final class ClientMerge {

    private ClientMerge() {}

    /** Why results cannot be merged, in one line. */
    public static final class Refused extends IllegalArgumentException {
        public Refused(String message) {
            super(message);
        }
    }

    /** A client's result and where it came from (its directory, for messages). */
    public record Part(String source, RunResult result) {}

    public static RunResult merge(List<Part> parts) {
        if (parts.isEmpty()) {
            throw new Refused("nothing to merge");
        }
        List<Part> sorted = check(parts);
        RunResult first = sorted.get(0).result();
        List<RunResult> results = sorted.stream().map(Part::result).toList();
        ScenarioPlan whole = first.plan().whole();
        List<VariantResult> variants = new ArrayList<>();
        for (int v = 0; v < first.variants().size(); v++) {
            int index = v;
            variants.add(variant(results.stream().map(r -> r.variants().get(index)).toList(), whole));
        }
        List<ClientRun> clients = results.stream().map(ClientMerge::loaded).toList();
        List<RunEvent> events = new ArrayList<>();
        results.forEach(r -> events.addAll(r.events()));
        boolean partial = results.stream().anyMatch(RunResult::partial);
        String stopReason = sorted.stream().filter(p -> p.result().stopReason() != null)
                .map(p -> "client " + p.result().clients().get(0).index() + ": " + p.result().stopReason())
                .findFirst().orElse(null);
        String startedAt = results.stream().map(RunResult::startedAt).min(Comparator.naturalOrder()).orElse(null);
        String finishedAt = results.stream().map(RunResult::finishedAt).max(Comparator.naturalOrder()).orElse(null);
        return new RunResult(first.format(), first.formatVersion(), first.scenario(), startedAt, finishedAt, partial,
                stopReason, first.settings().toBuilder().plan(whole).build(), first.cluster(), first.clusters(),
                first.environment(), variants, events, first.charts(), first.rounds(), clients, blocks(results),
                first.family());
    }

    /**
     * The clients whose part of the work is missing from a merge, each as a line: a variant that failed (with its
     * failure) or that measured no operation. A merge of them is partial: {@code merge} exits with the worker-failed
     * status, naming them.
     */
    public static List<String> failedClients(List<Part> parts) {
        List<String> failed = new ArrayList<>();
        for (Part part : parts) {
            RunResult r = part.result();
            String client = r.clients().isEmpty() ? part.source() : "client " + r.clients().get(0).index() + "/"
                    + r.clients().get(0).count() + " (" + part.source() + ")";
            for (VariantResult v : r.variants()) {
                if (v.failure() != null) {
                    failed.add(client + ": " + v.variant() + " failed: " + v.failure());
                } else if (v.operations().stream().mapToLong(OperationResult::count).sum() == 0) {
                    failed.add(client + ": " + v.variant() + " measured no operation");
                }
            }
        }
        return failed;
    }

    /** Each block every client ran (same variant, fork, round, repetition and operation), as one: {@link Block#together}. */
    private static List<Block> blocks(List<RunResult> results) {
        record Key(String variant, int fork, int cycle, int repetition, String operation) {}
        Map<Key, List<Block>> same = new LinkedHashMap<>();
        for (RunResult r : results) {
            for (Block b : r.blocks()) {
                same.computeIfAbsent(new Key(b.variant(), b.fork(), b.cycle(), b.repetition(), b.operation()),
                        k -> new ArrayList<>()).add(b);
            }
        }
        return same.values().stream().map(Block::together).toList();
    }

    /** The parts in client order, once each checked to be one run's N clients; refused in one line otherwise. */
    private static List<Part> check(List<Part> parts) {
        for (Part p : parts) {
            if (p.result().clients().size() != 1) {
                throw new Refused(p.source() + " is not one client's result: " + (p.result().clients().isEmpty()
                        ? "it was not run with --client i/N" : "it is merged already"));
            }
        }
        Part first = parts.get(0);
        ClientRun one = first.result().clients().get(0);
        Map<Integer, Part> byIndex = new TreeMap<>();
        for (Part p : parts) {
            ClientRun c = p.result().clients().get(0);
            RunResult r = p.result();
            if (!Objects.equals(c.runId(), one.runId())) {
                throw new Refused(p.source() + " belongs to another run (started at " + c.runId() + ", not "
                        + one.runId() + ")");
            }
            if (c.count() != one.count()) {
                throw new Refused(p.source() + " is one of " + c.count() + " clients, " + first.source() + " one of "
                        + one.count());
            }
            if (!r.scenario().equals(first.result().scenario())
                    || !r.plan().whole().equals(first.result().plan().whole())
                    || !r.settings().variantNames().equals(first.result().settings().variantNames())) {
                throw new Refused(p.source() + " ran another workload than " + first.source()
                        + " (scenario, plan or variants differ)");
            }
            Part twice = byIndex.put(c.index(), p);
            if (twice != null) {
                throw new Refused("client " + c.index() + "/" + c.count() + " is there twice: " + twice.source()
                        + " and " + p.source() + " (overlapping shards)");
            }
            if (r.variants().size() != first.result().variants().size()) {
                throw new Refused(p.source() + " has " + r.variants().size() + " variants, " + first.source() + " "
                        + first.result().variants().size());
            }
        }
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < one.count(); i++) {
            if (!byIndex.containsKey(i)) {
                missing.add(i);
            }
        }
        if (!missing.isEmpty()) {
            throw new Refused("missing client" + (missing.size() > 1 ? "s " : " ") + missing.stream()
                    .map(i -> i + "/" + one.count()).reduce((a, b) -> a + ", " + b).orElse("") + " of run "
                    + one.runId());
        }
        return new ArrayList<>(byIndex.values());
    }

    private static VariantResult variant(List<VariantResult> clients, ScenarioPlan whole) {
        VariantResult first = clients.get(0);
        List<OperationResult> operations = new ArrayList<>();
        for (OperationResult op : first.operations()) {
            List<OperationResult> same = new ArrayList<>();
            for (VariantResult c : clients) {
                c.operations().stream().filter(o -> o.operation().equals(op.operation())).findFirst()
                        .ifPresent(same::add);
            }
            operations.add(operation(same, whole.operationsPerRepetition(op.operation())));
        }
        ClientConnections connections = null;
        for (VariantResult c : clients) {
            connections = connections == null ? c.connections() : connections.and(c.connections());
        }
        String failure = clients.stream().map(VariantResult::failure).filter(Objects::nonNull).findFirst()
                .orElse(null);
        String failureKind = clients.stream().map(VariantResult::failureKind).filter(Objects::nonNull).findFirst()
                .orElse(null);
        long warmup = clients.stream().mapToLong(VariantResult::warmupNanos).max().orElse(0);
        return new VariantResult(first.variant(), first.library(), first.libraryDescription(), first.libraryVersion(),
                first.mode(), first.concurrency(), first.worker(), warmup, first.audit(), operations, failure, null,
                first.server(), first.baseline(), failureKind, connections, null);
    }

    /** One operation of every client, added up. */
    static OperationResult operation(List<OperationResult> clients, int operationsPerRepetition) {
        Histogram all = new Histogram(3);
        Histogram service = null;
        Map<String, Long> errorsByKind = new TreeMap<>();
        Map<String, Long> notes = new TreeMap<>();
        long count = 0;
        long errors = 0;
        long cpuNanos = 0;
        long serverNanos = -1;
        TreeSet<String> digests = new TreeSet<>();
        for (OperationResult op : clients) {
            all.add(HistogramCodec.decode(op.histogram()));
            if (op.serviceHistogram() != null) {
                service = service == null ? new Histogram(3) : service;
                service.add(HistogramCodec.decode(op.serviceHistogram()));
            }
            op.errorsByKind().forEach((k, n) -> errorsByKind.merge(k, n, Long::sum));
            op.notes().forEach((k, n) -> notes.merge(k, n, Long::sum));
            count += op.count();
            errors += op.errors();
            cpuNanos = cpuNanos < 0 || op.clientCpuUsPerOp() == null ? -1
                    : cpuNanos + Math.round(op.clientCpuUsPerOp() * 1e3 * op.count());
            if (op.serverCpuUsPerOp() != null) {
                serverNanos = Math.max(serverNanos, Math.round(op.serverCpuUsPerOp() * 1e3 * op.count()));
            }
            digests.addAll(op.stateDigests());
        }
        return OperationResult.of(clients.get(0).operation(), operationsPerRepetition, count, errors, errorsByKind,
                all, service, cpuNanos, serverNanos, List.copyOf(digests), notes, seconds(clients));
    }

    /** Every client's seconds, added up by wall-clock second: operations, errors, latencies, and who was there. */
    static List<TimelinePoint> seconds(List<OperationResult> clients) {
        record Key(int cycle, int repetition, long epochSecond) {}
        Map<Key, List<TimelinePoint>> bySecond = new TreeMap<>(Comparator.comparingInt(Key::cycle)
                .thenComparingInt(Key::repetition).thenComparingLong(Key::epochSecond));
        Map<Key, List<Integer>> who = new LinkedHashMap<>();
        for (int c = 0; c < clients.size(); c++) {
            for (TimelinePoint p : clients.get(c).timeline()) {
                Key key = new Key(p.cycle(), p.repetition(), p.epochSecond());
                bySecond.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
                who.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
            }
        }
        Map<Long, Long> firstSecond = new TreeMap<>();
        bySecond.keySet().forEach(k -> firstSecond.merge((long) k.cycle() << 32 | k.repetition(), k.epochSecond(),
                Math::min));
        List<TimelinePoint> out = new ArrayList<>();
        bySecond.forEach((key, points) -> {
            Histogram h = new Histogram(3);
            boolean exact = true;
            long ops = 0;
            long errors = 0;
            long cpu = 0;
            long gc = 0;
            double lag = 0;
            Map<String, Long> byKind = new TreeMap<>();
            for (TimelinePoint p : points) {
                if (p.histogram() == null) {
                    exact = false;
                } else {
                    h.add(HistogramCodec.decode(p.histogram()));
                }
                ops += p.ops();
                errors += p.errors();
                cpu = cpu < 0 || p.cpuMillis() < 0 ? -1 : cpu + p.cpuMillis();
                gc += p.gcMillis();
                lag = Math.max(lag, p.lagMaxUs());
                p.errorsByKind().forEach((k, n) -> byKind.merge(k, n, Long::sum));
            }
            boolean known = exact && h.getTotalCount() > 0;
            int second = (int) (key.epochSecond() - firstSecond.get((long) key.cycle() << 32 | key.repetition()));
            out.add(new TimelinePoint(key.cycle(), key.repetition(), second, ops, errors,
                    known ? h.getValueAtPercentile(50) / 1e3 : points.stream().mapToDouble(TimelinePoint::p50Us).max()
                            .orElse(0),
                    known ? h.getValueAtPercentile(99) / 1e3 : points.stream().mapToDouble(TimelinePoint::p99Us).max()
                            .orElse(0),
                    byKind, key.epochSecond(), exact ? HistogramCodec.encode(h) : null, cpu, gc, lag,
                    who.get(key)));
        });
        return out;
    }

    /** A client, with how busy its measured seconds show it was. */
    private static ClientRun loaded(RunResult result) {
        ClientRun c = result.clients().get(0);
        int cores = c.environment() == null ? 1 : Math.max(1, c.environment().availableProcessors());
        double cpuShare = 0;
        boolean cpuKnown = false;
        double lagMs = 0;
        long gc = 0;
        for (VariantResult v : result.variants()) {
            for (OperationResult op : v.operations()) {
                if (result.blocks().stream().noneMatch(b -> b.of(v.variant(), op.operation())
                        && b.clientCpuNanos() != null)) {
                    continue; // a kind of a mix: its seconds are its phase's
                }
                for (TimelinePoint p : op.timeline()) {
                    if (p.cpuMillis() >= 0) {
                        cpuKnown = true;
                        cpuShare = Math.max(cpuShare, p.cpuMillis() / 1000.0 / cores);
                    }
                    lagMs = Math.max(lagMs, p.lagMaxUs() / 1e3);
                    gc += p.gcMillis();
                }
            }
        }
        return c.withLoad(cpuKnown ? cpuShare : null, lagMs, gc);
    }
}
