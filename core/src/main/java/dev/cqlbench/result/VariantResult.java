package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;

/**
 * One variant (library and way of using it) in one worker JVM.
 *
 * @param lib         the library it ran
 * @param mode        "sync", "async" or the scenario's load model
 * @param usage       its worker JVM and what its processes used
 * @param audited     what the binding sends and the connections it holds
 * @param failed      why this variant stopped early (its worker failed); nulls when it did not
 */
public record VariantResult(
        String variant,
        @JsonUnwrapped LibraryFacts lib,
        String mode,
        int concurrency,
        @JsonUnwrapped Usage usage,
        @JsonUnwrapped Audited audited,
        List<OperationResult> operations,
        @JsonUnwrapped Failure failed) {

    /**
     * The library a variant ran.
     *
     * @param library     its name
     * @param baseline    the native variant this one is built on (a mapper's driver), or null
     */
    public record LibraryFacts(String library, String libraryDescription, String libraryVersion, String baseline) {
    }

    /**
     * A variant's worker JVM and what its processes used.
     *
     * @param warmupNanos how long its warmup took
     * @param client      the worker JVM's CPU and memory during the measured cycles
     * @param server      the embedded servers' CPU and memory during this variant's cycles (all nodes added up, each
     *                    node in {@link ProcessUsage#parts()}); null for external clusters
     */
    public record Usage(WorkerJvm worker, long warmupNanos, ProcessUsage client, ProcessUsage server) {
    }

    /**
     * What a variant's binding sends, and what the servers saw of it.
     *
     * @param audit       what the binding sends: prepared or not, consistency, protocol version…
     * @param connections its worker's connections as the servers listed them in the audited rounds; null where no
     *                    round was audited (a relational database, a run without audited rounds)
     */
    public record Audited(Map<String, String> audit, ClientConnections connections) {
        public Audited {
            audit = audit == null ? Map.of() : audit;
        }
    }

    /**
     * Why a variant stopped early.
     *
     * @param failure     why (its worker failed), or null
     * @param failureKind what kind of failure it is (the exception's simple name), or null
     */
    public record Failure(String failure, String failureKind) {
        public static final Failure NONE = new Failure(null, null);
    }

    public VariantResult {
        lib = lib == null ? new LibraryFacts(null, null, null, null) : lib;
        usage = usage == null ? new Usage(null, 0, null, null) : usage;
        audited = audited == null ? new Audited(null, null) : audited;
        operations = operations == null ? List.of() : List.copyOf(operations);
        failed = failed == null ? Failure.NONE : failed;
    }

    /**
     * What the variant's runs checked of the data, added up from its operations (always derived, so it cannot
     * disagree with them); written to result.json for readers other than cqlbench.
     */
    @JsonProperty(value = "verification", access = JsonProperty.Access.READ_ONLY)
    public Verification verification() {
        return Verification.of(operations);
    }

    /** Its library's name. */
    public String library() {
        return lib.library();
    }

    public String libraryDescription() {
        return lib.libraryDescription();
    }

    public String libraryVersion() {
        return lib.libraryVersion();
    }

    public String baseline() {
        return lib.baseline();
    }

    public WorkerJvm worker() {
        return usage.worker();
    }

    public long warmupNanos() {
        return usage.warmupNanos();
    }

    public ProcessUsage client() {
        return usage.client();
    }

    public ProcessUsage server() {
        return usage.server();
    }

    public Map<String, String> audit() {
        return audited.audit();
    }

    public ClientConnections connections() {
        return audited.connections();
    }

    public String failure() {
        return failed.failure();
    }

    public String failureKind() {
        return failed.failureKind();
    }

    /**
     * Where the servers' own counters contradict what the binding declares ({@link ObservedAudit}), one line each;
     * empty when they agree or nothing was audited. Derived from {@link #audit}, the operations' counts and the
     * connections, so it cannot disagree with them; written to result.json for readers other than cqlbench.
     */
    @JsonProperty(value = "auditMismatches", access = JsonProperty.Access.READ_ONLY)
    public List<String> auditMismatches() {
        return ObservedAudit.mismatches(audit(), operations, connections());
    }

    /** The same variant's result with other operations (the verification follows them). */
    public VariantResult withOperations(List<OperationResult> others) {
        return new VariantResult(variant, lib, mode, concurrency, usage, audited, others, failed);
    }
}
