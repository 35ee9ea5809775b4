package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.cqlbench.measure.HistogramCodec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One variant × operation type over all its forks, cycles and repetitions: what is not a per-block figure (counts,
 * full histograms, per-second points). Its blocks are the result's {@link RunResult#blocks()}; every figure
 * per block, every estimate, and every figure of the operation in all that blocks determine (its CPU and JIT time per
 * operation, {@link RunResult#total}) is derived from them, and not stored here.
 *
 * @param outcomes            operations attempted, failed, and failed by kind
 * @param latencies           percentiles of its latencies (and open loop, of its service times)
 * @param histograms          all successful latencies (and open loop, all service times), ns, HdrHistogram compressed
 *                            base64
 * @param stateDigests        the distinct state digests its cycles reported (hatshop), empty otherwise
 * @param counts              what its cycles counted besides timings and errors, added up
 * @param timeline            every cycle's per-second points (mixes), empty otherwise
 */
public record OperationResult(
        String operation,
        @JsonUnwrapped Outcomes outcomes,
        int operationsPerRepetition,
        @JsonUnwrapped Latencies latencies,
        @JsonUnwrapped Histograms histograms,
        List<String> stateDigests,
        OperationCounts counts,
        List<TimelinePoint> timeline) implements Attempts {

    /**
     * An operation's latency percentiles, read from its histograms.
     *
     * @param serviceLatency open loop: service time percentiles (from the actual start); null in closed loop
     */
    public record Latencies(LatencySummary latency, LatencySummary serviceLatency) {
    }

    public OperationResult {
        outcomes = outcomes == null ? Outcomes.NONE : outcomes;
        latencies = latencies == null ? new Latencies(null, null) : latencies;
        histograms = histograms == null ? new Histograms(null, null) : histograms;
        stateDigests = stateDigests == null ? List.of() : List.copyOf(stateDigests);
        counts = counts == null ? OperationCounts.NONE : counts;
        timeline = timeline == null ? List.of() : List.copyOf(timeline);
    }

    /** Percentiles of its successful operations' latencies. */
    public LatencySummary latency() {
        return latencies.latency();
    }

    /** The same operation with other counts. */
    public OperationResult withCounts(OperationCounts others) {
        return new OperationResult(operation, outcomes, operationsPerRepetition, latencies, histograms, stateDigests,
                others, timeline);
    }

    /**
     * One operation of a variant (every fork, every cycle) added up, one part after another: its distributions, in
     * the order of their cycles.
     */
    public static OperationResult aggregate(String operation, int operationsPerRepetition,
                                            List<OperationDistribution> distributions) {
        Sum sum = new Sum(false);
        distributions.stream().sorted(Comparator.comparingInt(OperationDistribution::cycle)).forEach(sum::add);
        return sum.result(operation, operationsPerRepetition);
    }

    /** The same operation of clients that ran together ({@code --client i/N}), added up. */
    public static OperationResult together(List<OperationResult> clients, int operationsPerRepetition) {
        Sum sum = new Sum(true);
        clients.forEach(sum::add);
        return sum.result(clients.get(0).operation(), operationsPerRepetition);
    }

    /** The same operation of whole runs one after another (runs pooled, {@code RunPool}), added up. */
    public static OperationResult inTurn(List<OperationResult> runs, int operationsPerRepetition) {
        Sum sum = new Sum(false);
        runs.forEach(sum::add);
        return sum.result(runs.get(0).operation(), operationsPerRepetition);
    }

    /**
     * The one rule by which measurements of an operation add up, for rounds and forks (one after another) and for
     * clients (together, at the same time): counts, errors by kind and what was counted besides added; histograms
     * added exactly, never percentiles averaged; the seconds of parts one after another listed in turn, of parts
     * together added up by wall-clock second ({@link TimelinePoint#together}). One after another, the parts are a
     * cycle's distributions; together, they are each client's result. (The blocks' figures add up by their own rule,
     * {@link Block#together} and {@link Block#inTurn}.)
     */
    static final class Sum {
        private final boolean simultaneous;
        private final Histogram all = new Histogram(3);
        private Histogram service;
        private Outcomes outcomes = Outcomes.NONE;
        private OperationCounts counts = OperationCounts.NONE;
        private final java.util.Set<String> digests = new java.util.LinkedHashSet<>();
        private final List<List<TimelinePoint>> seconds = new ArrayList<>();
        Sum(boolean simultaneous) {
            this.simultaneous = simultaneous;
        }

        /** A cycle's distribution. */
        void add(OperationDistribution part) {
            distribution(part.outcomes(), part.histograms(),
                    part.stateDigest() == null ? List.of() : List.of(part.stateDigest()), part.counts(),
                    part.timeline());
        }

        /** A client's result (or a whole run's): its distribution. */
        void add(OperationResult client) {
            distribution(client.outcomes(), client.histograms(), client.stateDigests(), client.counts(),
                    client.timeline());
        }

        private void distribution(Outcomes partOutcomes, Histograms partHistograms,
                                  java.util.Collection<String> stateDigests, OperationCounts partCounts,
                                  List<TimelinePoint> timeline) {
            all.add(HistogramCodec.decode(partHistograms.histogram()));
            if (partHistograms.serviceHistogram() != null) {
                service = service == null ? new Histogram(3) : service;
                service.add(HistogramCodec.decode(partHistograms.serviceHistogram()));
            }
            outcomes = outcomes.plus(partOutcomes);
            counts = counts.plus(partCounts);
            digests.addAll(stateDigests);
            seconds.add(timeline == null ? List.of() : timeline);
        }

        OperationResult result(String operation, int operationsPerRepetition) {
            List<TimelinePoint> timeline = simultaneous ? TimelinePoint.together(seconds)
                    : seconds.stream().flatMap(List::stream).toList();
            return new OperationResult(operation, outcomes, operationsPerRepetition,
                    new Latencies(LatencySummary.of(all), service == null ? null : LatencySummary.of(service)),
                    new Histograms(HistogramCodec.encode(all), service == null ? null : HistogramCodec.encode(service)),
                    List.copyOf(simultaneous ? new java.util.TreeSet<>(digests) : digests), counts, timeline);
        }
    }
}
