package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A team's own data-access code as a variant, followed as docs/your-library.md tells a user: the example project in
 * examples/my-dao (a repository over driver 4 and its binding), built by the reactor into a jar whose manifest names
 * its dependencies, run with {@code --binding-jar} beside driver4 in crud and in profile on a node cqlbench keeps
 * (so that it reads its counters: {@code --strict-audit}); and a profile its code cannot serve, on the shared node,
 * which stops the run in one line before any other library starts.
 */
@ExtendWith(EmbeddedCassandraExtension.class)
class BindingJarIT {

    static final Path JAR = Path.of("..", "examples", "my-dao", "target", "my-dao-1.0.0.jar");

    /** A node cqlbench keeps ('cluster start'): it reads the node's own counters, so runs on it are audited. */
    @TempDir
    static Path kept;

    @BeforeAll
    static void builtAndANodeKept() {
        assertThat(JAR).as("the example's jar: the reactor builds examples/my-dao before app").isRegularFile();
        Cli.Outcome started = Cli.run("cluster", "start", "--nodes", "1", "--cassandra-heap-mb", "512",
                "--cluster-dir", kept.toString());
        assertThat(started.code()).as(started.err()).isEqualTo(ExitCode.OK);
    }

    @AfterAll
    static void nodeStopped() {
        Cli.run("cluster", "stop", "--cluster-dir", kept.toString());
    }

    @Test
    void theTeamsRepositoryRunsInCrudBesideDriver4EveryReadCheckedItsStatementsAudited(@TempDir Path dir)
            throws Exception {
        // on the kept node, whose own counters cqlbench reads: --strict-audit fails the run on any contradiction
        Path out = dir.resolve("out");
        Cli.Outcome outcome = Cli.run("run", "crud", "--binding-jar", JAR.toString(), "--library", "my-dao,driver4",
                "--keyspace", "it_my_dao", "--ops", "200", "--repetitions", "2", "--cycles", "2", "--warmup-ops", "100",
                "--forks", "1", "--worker-heap-mb", "256", "--cluster-dir", kept.toString(), "--strict-audit",
                "--out", out.toString());

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        assertThat(outcome.err()).contains("my-dao: worker pid").contains("my-dao 1.0.0 on driver 4.19.");
        RunResult result = everyReadChecked(out, List.of("my-dao", "driver4"), 2 * 2 * 200);
        assertThat(result.settings().variants().get(0).library().module())
                .isEqualTo(JAR.toAbsolutePath().normalize().toString());
        assertThat(result.variants().get(0).baseline()).isEqualTo("driver4");
        // what it declares it sends, and the server's own counters agreeing, operation by operation
        assertThat(result.variants().get(0).audit()).containsEntry("statements", "prepared")
                .containsEntry("batches", "none").containsEntry("consistency", "LOCAL_ONE");
        assertThat(Cli.fullReport(out)).containsPattern("my-dao +write +\\d+ +agrees")
                .containsPattern("my-dao +read +\\d+ +agrees").containsPattern("my-dao +delete +\\d+ +agrees");
    }

    @Test
    void theTeamsRepositoryRunsAProfileOfItsTableItsStatementsAudited(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Cli.Outcome outcome = Cli.run("run", "profile", "--profile",
                ProfileCliIT.PROFILES.resolve("crud-user.yaml").toString(), "--binding-jar", JAR.toString(),
                "--library", "my-dao,driver4", "--keyspace", "it_my_dao_profile", "--ops", "20", "--cycles", "2",
                "--warmup-ops", "0", "--forks", "1", "--worker-heap-mb", "256", "--cluster-dir", kept.toString(),
                "--strict-audit", "--out", out.toString());

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        RunResult result = everyReadChecked(out, List.of("my-dao", "driver4"), 2 * 20);
        assertThat(result.variants().get(0).audit()).containsEntry("statements", "prepared");
        assertThat(Cli.fullReport(out)).containsPattern("my-dao +insert +\\d+ +agrees")
                .containsPattern("my-dao +read +\\d+ +agrees");
    }

    @Test
    void aProfileItsCodeCannotServeStopsTheRunInOneLineBeforeAnyOtherLibraryStarts(EmbeddedCassandra node,
                                                                                  @TempDir Path out)
            throws Exception {
        Cli.Outcome outcome = Cli.run(ProfileCliIT.profile(node, out, ProfileCliIT.PROFILES.resolve(
                "timeseries.yaml"), "it_my_dao_refused", "--binding-jar", JAR.toString(), "--library",
                "my-dao,driver4"));

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.USAGE);
        List<String> lines = outcome.err().lines().filter(l -> l.contains("did not start")).toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).contains("my-dao: its binding com.example.users.bench.MyDaoBinding from")
                .contains("UserRepository serves table user").doesNotContain("\tat ");
        assertThat(outcome.err()).doesNotContain("driver4/1: worker pid");
        try (Stream<Path> logs = Files.list(out.resolve("logs"))) {
            assertThat(logs.map(p -> p.getFileName().toString())).noneMatch(name -> name.contains("driver4"));
        }
    }

    /** Both variants ran every operation without an error and every read compared equal. */
    private static RunResult everyReadChecked(Path out, List<String> variants, long perOperation) throws Exception {
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(result.variants()).extracting(VariantResult::variant).containsExactlyElementsOf(variants);
        for (VariantResult v : result.variants()) {
            assertThat(v.verification().checked()).as(v.variant()).isPositive();
            assertThat(v.verification().differed()).as(v.variant()).isZero();
            assertThat(v.auditMismatches()).as(v.variant()).isEmpty();
            for (OperationResult op : v.operations()) {
                assertThat(op.count()).as(v.variant() + " " + op.operation()).isEqualTo(perOperation);
                assertThat(op.errors()).as(v.variant() + " " + op.operation()).isZero();
            }
        }
        return result;
    }
}
