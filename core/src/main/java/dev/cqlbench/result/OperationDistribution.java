package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Map;

/**
 * How one operation's operations went in one cycle, over all its timed blocks: what is not a figure of one block
 * (latencies, errors by kind, per-second points, what it counted). A worker reports one per operation and per kind
 * beside the cycle's blocks ({@link CycleMeasurements}); its CPU is on those blocks, each read around its block, and
 * the result's per-operation figures are derived from them ({@link OperationResult#aggregate}).
 *
 * @param operation        the operation's label (or the kind's)
 * @param cycle            its round
 * @param kind             whether this is not an operation with blocks of its own but a breakdown of another
 *                         operation's blocks by kind (hatshop's event types within its ALL blocks, a mix's READ and
 *                         UPDATE within its phase): its blocks have no CPU reading of their own
 * @param outcomes         operations attempted (its blocks' operations), failed, and failed by kind
 * @param histograms       its latencies (and open loop, its service times)
 * @param timeline         per-second throughput and latency of the timed blocks (mixes, a profile's load), empty
 *                         otherwise
 * @param counts           what it counted besides timings and errors (checks, requests, what the servers counted)
 * @param stateDigest      what the database held after the cycle, as one checksum (hatshop, writes), or null
 */
@RecordBuilder
public record OperationDistribution(
        String operation,
        int cycle,
        boolean kind,
        @JsonUnwrapped Outcomes outcomes,
        @JsonUnwrapped Histograms histograms,
        List<TimelinePoint> timeline,
        OperationCounts counts,
        String stateDigest) implements Attempts {

    public OperationDistribution {
        outcomes = outcomes == null ? Outcomes.NONE : outcomes;
        histograms = histograms == null ? new Histograms(null, null) : histograms;
        counts = counts == null ? OperationCounts.NONE : counts;
        timeline = timeline == null ? List.of() : List.copyOf(timeline);
    }

    /** Whether its operation has timed blocks of its own, not a breakdown of another operation's blocks by kind. */
    public boolean timed() {
        return !kind;
    }

    /** Builds {@code operation}'s distribution in round {@code cycle}; what is not set is empty. */
    public static OperationDistributionBuilder builder(String operation, int cycle) {
        return OperationDistributionBuilder.builder().operation(operation).cycle(cycle);
    }
}
