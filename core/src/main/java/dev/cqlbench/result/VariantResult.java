package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * One variant (library and way of using it) in one worker JVM.
 *
 * @param audit   what the binding sends: prepared or not, consistency, protocol version…
 * @param failure why this variant stopped early (its worker failed), or null
 * @param client  the worker JVM's CPU and memory during the measured cycles
 * @param server  the embedded servers' CPU and memory during this variant's cycles (all nodes added up, each node
 *                in {@link ProcessUsage#parts()}); null for external clusters
 * @param baseline the native variant this one is built on (a mapper's driver), or null
 * @param failureKind what kind of failure {@code failure} is (the exception's simple name), or null
 * @param connections its worker's connections as the servers listed them in the audited rounds; null where no round
 *                    was audited (a relational database, a run without audited rounds)
 * @param verification what the variant's runs checked of the data, added up from its operations (always derived,
 *                     so it cannot disagree with them)
 */
public record VariantResult(
        String variant,
        String library,
        String libraryDescription,
        String libraryVersion,
        String mode,
        int concurrency,
        WorkerJvm worker,
        long warmupNanos,
        Map<String, String> audit,
        List<OperationResult> operations,
        String failure,
        ProcessUsage client,
        ProcessUsage server,
        String baseline,
        String failureKind,
        ClientConnections connections,
        Verification verification) {

    public VariantResult {
        audit = audit == null ? Map.of() : audit;
        operations = operations == null ? List.of() : List.copyOf(operations);
        verification = Verification.of(operations);
    }

    /**
     * Where the servers' own counters contradict what the binding declares ({@link ObservedAudit}), one line each;
     * empty when they agree or nothing was audited. Derived from {@link #audit}, the operations' counts and the
     * connections, so it cannot disagree with them; written to result.json for readers other than cqlbench.
     */
    @JsonProperty("auditMismatches")
    public List<String> auditMismatches() {
        return ObservedAudit.mismatches(audit, operations, connections);
    }

    /** The same variant's result with other operations (the verification follows them). */
    public VariantResult withOperations(List<OperationResult> others) {
        return new VariantResult(variant, library, libraryDescription, libraryVersion, mode, concurrency, worker,
                warmupNanos, audit, others, failure, client, server, baseline, failureKind, connections, null);
    }
}
