package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.cluster.KeptCluster;
import dev.cqlbench.scenario.Scenarios;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Study 04 end to end on local multi-node clusters: one a run starts and stops itself, one 'cqlbench cluster
 * start' keeps up between runs.
 */
class WritesCliIT {

    @Test
    void threeNodesRf3EveryPatternAndLocalityVerifiedAndNoProcessLeft(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("results");
        Launcher cqlbench = Launcher.runToEnd(dir, 600, ExitCode.OK, "run", "writes", "--forks", "1",
                "--nodes", "3", "--rf", "3",
                "--writes", "3000", "--batch-size", "500", "--window", "500", "--locality", "0,80", "--cycles", "1",
                "--repetitions", "1", "--warmup-writes", "500", "--cassandra-heap-mb", "512", "--worker-heap-mb", "256",
                "--cluster-dir", dir.resolve("no-kept-cluster").toString(), "--out", out.toString());
        assertThat(cqlbench.seen.size()).as("3 nodes and 4 workers").isGreaterThanOrEqualTo(7);
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(result.ranOn().cluster().nodes()).isEqualTo(3);
        assertThat(result.settings().servers().target().replicationFactor()).isEqualTo(3);
        assertThat(result.variants()).extracting(VariantResult::variant)
                .containsExactly("logged-batch", "unlogged-batch", "token-aware-batch", "async");
        for (VariantResult v : result.variants()) {
            assertThat(v.failure()).isNull();
            assertThat(v.server().parts()).as("CPU of each of the 3 nodes").hasSize(3);
            assertThat(v.operations()).extracting(OperationResult::operation)
                    .containsExactly("locality-0", "locality-80");
            for (OperationResult op : v.operations()) {
                assertThat(op.count()).isEqualTo(3000);
                assertThat(op.errors()).as(v.variant() + " " + op.errorsByKind()).isZero();
                assertThat(op.counts().verification().checked()).isEqualTo(3000L);
                // read around the timed sections, above the idle servers' baseline: a block of a tenth of a second
                // can sit within the baseline's noise, so only "measured, not negative" holds for each
                dev.cqlbench.result.Block all = result.total(v.variant(), op.operation());
                assertThat(all.measured().serverCpuUsPerOp()).as("server CPU in the timed sections").isNotNull()
                        .isGreaterThanOrEqualTo(0.0);
                assertThat(all.measured().clientCpuUsPerOp()).isPositive();
            }
        }
        // above the baseline every block may round to nothing on a busy host (CI saw all eight at 0); what the
        // sampler must read whatever the host does is each node's own CPU while the variant ran
        for (VariantResult v : result.variants()) {
            assertThat(v.server().parts()).as(v.variant() + ": every node's CPU was read")
                    .allSatisfy(node -> assertThat(node.cpuSeconds()).isPositive());
        }
        // RF 3 on 3 nodes: every node owns every row, so token-aware grouping leaves one batch per window
        OperationResult tokenAware = result.variants().get(2).operations().get(0);
        assertThat(tokenAware.counts().requests()).isEqualTo(6L);
        assertThat(Scenarios.problems(result)).isEmpty();
        assertThat(Cli.fullReport(out))
                .contains("writes/s by pattern × temporal locality").contains("3 embedded nodes, RF 3")
                .contains("0% locality").contains("80% locality").contains("PASSED");
    }

    @Test
    void aKeptClusterServesRunsUntilStoppedAndATooLargeBatchIsRejectedClearly(@TempDir Path dir) throws Exception {
        Path clusterDir = dir.resolve("cluster");
        String where = clusterDir.toString();
        try {
            Cli.Outcome started = Cli.run(List.of("cluster", "start", "--nodes", "2", "--token-rf", "2",
                    "--cassandra-heap-mb", "512", "--cluster-dir", where));
            assertThat(started.code()).as(started.err()).isEqualTo(ExitCode.OK);
            KeptCluster.State state = KeptCluster.read(clusterDir).orElseThrow();
            assertThat(state.nodes()).hasSize(2).allMatch(KeptCluster.Node::alive);
            assertThat(state.batchSizeFailThresholdKib()).isEqualTo(50);

            Cli.Outcome status = Cli.run(List.of("cluster", "status", "--cluster-dir", where));
            assertThat(status.code()).as(status.out() + status.err()).isEqualTo(ExitCode.OK);
            assertThat(status.out()).contains("127.0.0.1:").contains("127.0.0.2:").contains("UP");

            // 1,000-row batches are ~84 KiB: the kept cluster keeps Cassandra's 50 KiB threshold and rejects them
            Path out = dir.resolve("rejected");
            Cli.Outcome rejected = Cli.run(List.of("run", "writes", "--forks", "1", "--cluster-dir", where,
                    "--rf", "2", "--pattern", "unlogged-batch,async", "--writes", "2000", "--batch-size", "1000",
                    "--locality", "0", "--cycles", "1", "--repetitions", "1", "--warmup-writes", "0",
                    "--worker-heap-mb", "256",
                    "--out", out.toString()));
            assertThat(rejected.code()).as(rejected.err()).isEqualTo(ExitCode.REJECTED);
            assertThat(rejected.err()).contains("using the 2-node cluster recorded in " + clusterDir)
                    .contains("exceed the cluster's batch_size_fail_threshold of 50 KiB")
                    .contains("rejected an UNLOGGED batch of up to 1000 rows")
                    .doesNotContain("\tat ");
            RunResult result = ResultFiles.read(out.resolve("result.json"));
            assertThat(result.course().partial()).isTrue();
            assertThat(result.variants().get(0).failureKind()).isEqualTo("BatchRejectedException");
            OperationResult async = result.variants().get(1).operations().get(0);
            assertThat(async.count()).isEqualTo(2000);
            assertThat(async.counts().verification().checked()).isEqualTo(2000L);
            assertThat(result.ranOn().environment().target()).isEqualTo("embedded-kept");

            Cli.Outcome wrongSize = Cli.run(List.of("run", "writes", "--forks", "1", "--cluster-dir", where,
                    "--nodes", "3", "--out", dir.resolve("x").toString()));
            assertThat(wrongSize.code()).isEqualTo(ExitCode.USAGE);
            assertThat(wrongSize.err()).contains("--nodes 3 but the cluster kept by 'cqlbench cluster start' has 2");

            // a node dies: status says so, runs refuse the cluster, stop still cleans up
            ProcessHandle.of(state.nodes().get(1).pid()).ifPresent(ProcessHandle::destroyForcibly);
            ProcessHandle.of(state.nodes().get(1).pid()).ifPresent(p -> p.onExit().join());
            Cli.Outcome degraded = Cli.run(List.of("cluster", "status", "--cluster-dir", where));
            assertThat(degraded.code()).isEqualTo(ExitCode.CONNECTION);
            assertThat(degraded.out()).contains("gone");
            Cli.Outcome refused = Cli.run(List.of("run", "crud", "--forks", "1", "--cluster-dir", where,
                    "--out", dir.resolve("y").toString()));
            assertThat(refused.code()).isEqualTo(ExitCode.CONNECTION);
            assertThat(refused.err()).contains("has 1 of 2 nodes down");
        } finally {
            Cli.Outcome stopped = Cli.run(List.of("cluster", "stop", "--cluster-dir", where));
            assertThat(stopped.code()).isEqualTo(ExitCode.OK);
        }
        assertThat(KeptCluster.read(clusterDir)).isEmpty();
        assertThat(ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(where)))
                .as("no node of the kept cluster left").isEmpty();
        assertThat(Files.exists(clusterDir.resolve("node1"))).as("data deleted").isFalse();
    }
}
