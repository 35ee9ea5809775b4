package dev.cqlbench.report;

import dev.cqlbench.result.Block;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.measure.AuditedCounts;
import dev.cqlbench.result.Histograms;
import dev.cqlbench.result.Measurement;
import dev.cqlbench.result.OperationCounts;
import dev.cqlbench.result.ClientConnections;
import dev.cqlbench.result.OperationDistribution;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.Outcomes;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.TestResults;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.scenario.crud.CrudOptions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class SectionsTest {

    /** A variant whose one audited write block of 100 operations the servers counted as {@code counts}. */
    private static VariantResult counted(String name, Map<String, String> declared, Map<String, Long> counts,
                                         ClientConnections connections) {
        OperationDistribution cycle = OperationDistribution.builder("write", 0).outcomes(Outcomes.succeeded(100))
                .histograms(Histograms.of(HistogramCodec.encode(new Histogram(3))))
                .counts(OperationCounts.audited(audited(counts))).build();
        List<Block> blocks = List.of(Block.builder().repetition(0).measured(Measurement.of(100L, 1_000_000L)).build());
        return new VariantResult(name, new VariantResult.LibraryFacts("lib", "desc", "1", null), "sync", 1,
                new VariantResult.Usage(null, 0, null, null), new VariantResult.Audited(declared, connections),
                List.of(OperationResult.aggregate("write", 100, List.of(cycle))), VariantResult.Failure.NONE);
    }

    /** The counts as the audit keeps them: {@code coordinated.nodeN} as node N's share, the rest by counter. */
    private static AuditedCounts audited(Map<String, Long> counts) {
        Map<String, Long> counters = new TreeMap<>(counts);
        List<Long> coordinated = new java.util.ArrayList<>();
        for (int node = 1; counters.containsKey("coordinated.node" + node); node++) {
            coordinated.add(counters.remove("coordinated.node" + node));
        }
        return new AuditedCounts(100, 1, 0, counters, coordinated);
    }

    private static String observed(VariantResult... variants) {
        RunResult result = TestResults.result("crud", new CrudOptions().plan(), variants);
        Doc doc = new Doc();
        AuditSection.observed(doc, result);
        return doc.toString();
    }

    @Test
    void eachNodesShareOfTheRequestsItCoordinated() {
        assertThat(AuditSection.coordinators(List.of(50L, 25L, 25L))).isEqualTo("50/25/25 %");
        assertThat(AuditSection.coordinators(List.of(0L, 10L, 3L))).isEqualTo("0/77/23 %");
        assertThat(AuditSection.coordinators(List.of(0L, 10L, 0L))).as("one node coordinated all").isEqualTo("node2");
        assertThat(AuditSection.coordinators(List.of(7L))).isEqualTo("node1");
        assertThat(AuditSection.coordinators(List.of())).isEqualTo("-");
    }

    @Test
    void theServersCountsPerOperationAndTheWorkersConnections() {
        ClientConnections connections = ClientConnections.none()
                .plus(Map.of("V5", 2L), Map.of("Apache Cassandra Java Driver 4.19.3", 2L), 104, 100);
        String text = observed(counted("honest", Map.of("statements", "prepared"),
                        Map.of("cql.prepared", 100L, "request.write", 100L, "request.write.LOCAL_ONE", 100L,
                                "request.write.micros", 25_000L, "storage.write", 200L, "storage.write.micros", 1_000L,
                                "request.write.remote", 50L, "coordinated.node1", 60L, "coordinated.node2", 40L),
                        connections),
                counted("liar", Map.of("statements", "prepared"), Map.of("cql.regular", 100L), null));
        // the table is wider than a terminal line: printed in parts, each repeating variant and operation
        String honest = String.join(" ", text.lines().filter(l -> l.startsWith("honest") && l.contains("write"))
                .toList());
        // prepared 1.00, writes 1.00 at LOCAL_ONE, 60/40 % coordinated, 0.50 forwarded, 250 µs coordinating,
        // 2.00 replica writes taking 10 µs per operation
        assertThat(honest).contains("1.00").contains("LOCAL_ONE 1.00").contains("60/40 %").contains("0.50")
                .contains("250").contains("2.00").contains("10").contains("agrees");
        String liar = String.join(" ", text.lines().filter(l -> l.startsWith("liar") && l.contains("write")).toList());
        assertThat(liar).contains(AuditSection.AUDIT_MISMATCH);
        assertThat(text).contains("the worker's connections as the servers listed them");
        String connectionsRow = text.lines().filter(l -> l.contains("honest") && l.contains("V5")).findFirst()
                .orElseThrow();
        assertThat(connectionsRow).contains("2.0").contains("Apache Cassandra Java Driver 4.19.3").contains("1.04");
    }

    @Test
    void connectionsWithoutCountersSayWhatAnExternalClusterCannotGive() {
        ClientConnections connections = ClientConnections.none().plus(Map.of("V4", 1L), Map.of("(not sent)", 1L), 50,
                50);
        VariantResult external = new VariantResult("kundera", new VariantResult.LibraryFacts("lib", "desc", "1", null),
                "sync", 1, new VariantResult.Usage(null, 0, null, null), new VariantResult.Audited(Map.of(),
                connections), List.of(), VariantResult.Failure.NONE);
        String text = observed(external);
        assertThat(text).contains("the servers' own counters: not read").contains("(not sent)");
        VariantResult unreadable = new VariantResult("x", new VariantResult.LibraryFacts("lib", "desc", "1", null),
                "sync", 1, new VariantResult.Usage(null, 0, null, null), new VariantResult.Audited(Map.of(),
                ClientConnections.unreadable("an older Cassandra")), List.of(), VariantResult.Failure.NONE);
        assertThat(observed(unreadable)).contains("client connections not read for x: an older Cassandra");
    }

    @Test
    void theFirstMeasuredRoundAndEveryTenthAfterItAreAudited() {
        // a run that settled for 5 rounds (0 to 4 left out): 5, 15, 25 are audited
        assertThat(java.util.stream.IntStream.range(0, 30).filter(r -> Defaults.audited(r, 5)))
                .containsExactly(5, 5 + Defaults.AUDIT_EVERY, 5 + 2 * Defaults.AUDIT_EVERY);
        // still settling: nothing is audited
        assertThat(java.util.stream.IntStream.range(0, 30).filter(r -> Defaults.audited(r, -1))).isEmpty();
        // a short run settles nothing: round 0 is audited
        assertThat(Defaults.audited(0, 0)).isTrue();
        assertThat(Defaults.audited(1, 0)).isFalse();
    }

    @Test
    void readBacksCheckEveryRowInTheRunsFirstRoundOnly() {
        assertThat(java.util.stream.IntStream.range(0, 30).filter(Defaults::readsEveryRow)).containsExactly(0);
    }
}
