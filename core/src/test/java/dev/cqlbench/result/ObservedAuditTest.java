package dev.cqlbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.measure.AuditedCounts;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ObservedAuditTest {

    /** One operation of 100 audited operations, with what the servers counted (counter name → count). */
    private static List<OperationResult> counted(String operation, Map<String, Long> counts) {
        OperationDistribution cycle = OperationDistribution.builder(operation, 0).outcomes(Outcomes.succeeded(100))
                .histograms(Histograms.of(HistogramCodec.encode(new Histogram(3))))
                .counts(OperationCounts.audited(new AuditedCounts(100, 1, 0, counts, List.of()))).build();
        return List.of(OperationResult.aggregate(operation, 100, List.of(cycle)));
    }

    /** The one block of 100 operations. */
    private static Block block() {
        return Block.builder().repetition(0).measured(Measurement.of(100L, 1_000_000L)).build();
    }

    private static List<String> mismatches(Map<String, String> declared, List<OperationResult> operations) {
        return ObservedAudit.mismatches(declared, operations, null);
    }

    @Test
    void aBindingThatSaysPreparedButSendsUnpreparedIsCaught() {
        List<OperationResult> unprepared = counted("write", Map.of("cql.regular", 100L, "request.write", 100L,
                "request.write.LOCAL_ONE", 100L));
        assertThat(mismatches(Map.of("statements", "prepared", "consistency", "LOCAL_ONE"), unprepared))
                .containsExactly("write: declares prepared statements; the server counted 1.00 unprepared per "
                        + "operation");
        assertThat(mismatches(Map.of("statements", "unprepared (QueryBuilder)",
                "consistency", "LOCAL_ONE"), unprepared)).isEmpty();
        assertThat(mismatches(Map.of("statements", "unprepared"),
                counted("read", Map.of("cql.prepared", 100L)))).hasSize(1);
    }

    @Test
    void aDriversOwnOccasionalQueryIsNotTheBindings() {
        // one metadata query in 100 operations: below the tolerance
        assertThat(mismatches(Map.of("statements", "prepared"),
                counted("read", Map.of("cql.prepared", 100L, "cql.regular", 1L)))).isEmpty();
        assertThat(mismatches(Map.of("statements", "prepared"),
                counted("read", Map.of("cql.prepared", 100L, "cql.regular", 6L)))).hasSize(1);
    }

    @Test
    void batchesAndTheirPartitionsAreChecked() {
        assertThat(mismatches(Map.of("batches", "none"),
                counted("write", Map.of("batch.unlogged", 100L, "batch.unlogged.partitions", 100L))))
                .containsExactly("write: declares no batches; the server counted 1.00 batches per operation");
        assertThat(mismatches(Map.of("batches", "unlogged, single partition"),
                counted("write", Map.of("batch.unlogged", 100L, "batch.unlogged.partitions", 100L)))).isEmpty();
        assertThat(mismatches(Map.of("batches", "unlogged, single partition"),
                counted("write", Map.of("batch.unlogged", 100L, "batch.unlogged.partitions", 300L))))
                .containsExactly("write: declares single-partition batches; the server counted 3.00 partitions "
                        + "per batch");
        assertThat(mismatches(Map.of("batches", "unlogged"),
                counted("write", Map.of("batch.logged", 100L, "batch.logged.partitions", 100L)))).hasSize(1);
    }

    @Test
    void requestsAtAnotherConsistencyLevelAreCaught() {
        List<OperationResult> quorum = counted("read", Map.of("cql.prepared", 100L, "request.read", 100L,
                "request.read.QUORUM", 100L, "request.read.local", 100L));
        assertThat(mismatches(Map.of("consistency", "LOCAL_ONE (cluster default)"), quorum))
                .containsExactly("read: declares consistency LOCAL_ONE; the server counted 1.00 requests per "
                        + "operation at QUORUM");
        assertThat(mismatches(Map.of("consistency", "QUORUM"), quorum)).isEmpty();
    }

    @Test
    void connectionsOnAnotherProtocolVersionAreCaught() {
        List<OperationResult> read = counted("read", Map.of("cql.regular", 100L));
        // two audited rounds, one connection on V4 in each
        ClientConnections v4 = ClientConnections.none().plus(Map.of("V4", 1L), Map.of("x 1", 1L), 102, 100)
                .plus(Map.of("V4", 1L), Map.of("x 1", 1L), 101, 100);
        assertThat(v4.rounds()).isEqualTo(2);
        assertThat(v4.connections()).isEqualTo(2);
        assertThat(v4.requests()).isEqualTo(203);
        assertThat(ObservedAudit.mismatches(Map.of("protocolVersion", "V5"), read, v4))
                .containsExactly("connections: declares protocol V5; the servers listed 1.0 of its connections per "
                        + "round on V4");
        assertThat(ObservedAudit.mismatches(Map.of("protocolVersion", "V4"), read, v4)).isEmpty();
        assertThat(ObservedAudit.mismatches(Map.of("protocolVersion", "V5"), read, null)).isEmpty();
    }

    @Test
    void nothingAuditedNothingToSay() {
        OperationDistribution cycle = OperationDistribution.builder("write", 0).outcomes(Outcomes.succeeded(100))
                .histograms(Histograms.of(HistogramCodec.encode(new Histogram(3)))).build();
        assertThat(mismatches(Map.of("statements", "prepared"),
                List.of(OperationResult.aggregate("write", 100, List.of(cycle))))).isEmpty();
    }
}
