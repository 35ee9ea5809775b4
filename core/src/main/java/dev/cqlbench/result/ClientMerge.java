package dev.cqlbench.result;

import dev.cqlbench.run.ScenarioPlan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One result from the results of the N clients that shared a workload ({@code --client i/N}): what one client as large
 * as all of them would have measured. Counts, errors by kind and what each operation counted (verification among them)
 * are added; histograms are added exactly, never their percentiles averaged; each block (round) counts every client's
 * operations over the longest client's time, since they started together; each wall-clock second adds the clients'
 * operations and latencies and names the clients it holds. The servers' CPU in a block is what one client read (the
 * same servers, the same seconds); the clients' CPU is added up ({@link OperationResult#together},
 * {@link Block#together}). A set of results that is not one run's N clients is refused ({@link ClientParts}).
 */
public final class ClientMerge {

    private ClientMerge() {}

    public static RunResult merge(List<ClientParts.Part> parts) {
        if (parts.isEmpty()) {
            throw new ClientParts.Refused("nothing to merge");
        }
        List<ClientParts.Part> sorted = ClientParts.inClientOrder(parts);
        RunResult first = sorted.get(0).result();
        List<RunResult> results = sorted.stream().map(ClientParts.Part::result).toList();
        ScenarioPlan whole = first.plan().whole();
        List<VariantResult> variants = new ArrayList<>();
        for (int v = 0; v < first.variants().size(); v++) {
            int index = v;
            variants.add(variant(results.stream().map(r -> r.variants().get(index)).toList(), whole, true));
        }
        List<ClientRun> clients = results.stream().map(ClientMerge::loaded).toList();
        List<RunEvent> events = new ArrayList<>();
        results.forEach(r -> events.addAll(r.course().events()));
        boolean partial = results.stream().anyMatch(r -> r.course().partial());
        String stopReason = sorted.stream().filter(p -> p.result().course().stopReason() != null)
                .map(p -> "client " + p.result().ranOn().clients().get(0).index() + ": "
                        + p.result().course().stopReason())
                .findFirst().orElse(null);
        String startedAt = results.stream().map(r -> r.course().startedAt()).min(Comparator.naturalOrder())
                .orElse(null);
        String finishedAt = results.stream().map(r -> r.course().finishedAt()).max(Comparator.naturalOrder())
                .orElse(null);
        return new RunResult(new RunResult.Course(startedAt, finishedAt, partial, stopReason, events),
                first.settings().toBuilder().plan(whole).build(),
                new RunResult.RanOn(first.ranOn().cluster(), first.ranOn().clusters(), first.ranOn().environment(),
                        clients),
                variants, first.rounds(), blocks(results), first.frame(), List.of());
    }

    /**
     * Each block every client ran (same variant, fork, round, repetition and operation), as one:
     * {@link Block#together}.
     */
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

    /**
     * One variant's results of several clients that ran {@code together}, or of whole runs one after another, added
     * up operation by operation ({@link OperationResult#together}, {@link OperationResult#inTurn}).
     */
    static VariantResult variant(List<VariantResult> clients, ScenarioPlan whole, boolean together) {
        VariantResult first = clients.get(0);
        List<OperationResult> operations = new ArrayList<>();
        for (OperationResult op : first.operations()) {
            List<OperationResult> same = new ArrayList<>();
            for (VariantResult c : clients) {
                c.operations().stream().filter(o -> o.operation().equals(op.operation())).findFirst()
                        .ifPresent(same::add);
            }
            int o = whole.operationsPerRepetition(op.operation());
            operations.add(together ? OperationResult.together(same, o) : OperationResult.inTurn(same, o));
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
        return new VariantResult(first.variant(), new VariantResult.LibraryFacts(first.library(),
                first.libraryDescription(), first.libraryVersion(), first.baseline()), first.mode(),
                first.concurrency(), new VariantResult.Usage(first.worker(), warmup, null, first.server()),
                new VariantResult.Audited(first.audit(), connections), operations, new VariantResult.Failure(failure,
                failureKind));
    }

    /** A client, with how busy its measured seconds show it was. */
    private static ClientRun loaded(RunResult result) {
        ClientRun c = result.ranOn().clients().get(0);
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
        return c.withBusy(new ClientRun.Busy(cpuKnown ? cpuShare : null, lagMs, gc));
    }
}
