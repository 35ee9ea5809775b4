package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.orchestrate.Layout;
import dev.cqlbench.app.recipes.MemoryBinding;
import dev.cqlbench.app.recipes.roundtrip.RoundTripScenario;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * README's two recipes, followed for real: a new library ({@link MemoryBinding} and its declaration) is laid out as a
 * built binding module, found by the catalog and run in its own worker JVM by {@code run crud}; a new scenario
 * ({@link RoundTripScenario}: one package and one registration line) runs through the command line on that library.
 */
@ExtendWith(EmbeddedCassandraExtension.class)
class RecipesIT {

    private static Layout layout;

    /** The module a build of the new library would leave: {@code target/classes} and {@code target/worker.classpath}. */
    @BeforeAll
    static void buildTheModule(@TempDir Path dir) throws IOException {
        // the library needs core and its dependencies, which the driver4 module's classpath holds (with the driver,
        // unused here)
        layout = Layout.fromSystemProperty().with(TestModules.lay(dir, "memory", MemoryBinding.class,
                "/recipes/binding.json", false,
                "/META-INF/services/dev.cqlbench.scenario.Scenario", "META-INF/services/dev.cqlbench.scenario.Scenario"));
    }

    @Test
    void aNewLibraryIsABindingAndItsDeclaration(EmbeddedCassandra node, @TempDir Path out) throws Exception {
        assertThat(layout.catalog().find("memory")).isPresent();
        Cli.Outcome outcome = Cli.run(layout, "run", "crud", "--forks", "1",
                "--library", "memory,driver4", "--contact-points",
                node.contactPoint(), "--ops", "100", "--repetitions", "2", "--cycles", "1", "--warmup-ops", "50",
                "--keyspace", "it_recipe_crud", "--worker-heap-mb", "256", "--out", out.toString());
        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        RunResult result = ResultFiles.read(out.resolve(ResultFiles.RESULT_JSON));
        assertThat(result.variants()).extracting(VariantResult::variant).containsExactly("memory", "driver4");
        VariantResult memory = result.variants().get(0);
        assertThat(memory.libraryVersion()).isEqualTo("1.0");
        assertThat(memory.audit()).containsEntry("statements", "none (a map in the worker's memory)");
        assertThat(memory.operations()).extracting(OperationResult::operation)
                .containsExactly("write", "read", "update", "delete");
        assertThat(memory.operations()).allSatisfy(op -> {
            assertThat(op.count()).isEqualTo(200);
            assertThat(op.errors()).as(op.operation() + " " + op.errorsByKind()).isZero();
        });
        assertThat(Cli.fullReport(out)).contains("memory");
    }

    @Test
    void aNewScenarioIsOnePackageAndOneRegistration(EmbeddedCassandra node, @TempDir Path out) throws Exception {
        assertThat(Cli.run(layout, "run", "--help").out()).contains("roundtrip").contains("--users");
        // the example scenario lives in the example module, so only that module's workers have it; a real one lives
        // in core, which every worker has
        Cli.Outcome outcome = Cli.run(layout, "run", "roundtrip", "--forks", "1", "--library", "memory", "--contact-points",
                node.contactPoint(), "--users", "150", "--worker-heap-mb", "256", "--out", out.toString());
        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        RunResult result = ResultFiles.read(out.resolve(ResultFiles.RESULT_JSON));
        assertThat(result.scenario()).isEqualTo("roundtrip");
        assertThat(result.variants()).extracting(VariantResult::variant).containsExactly("memory");
        for (VariantResult v : result.variants()) {
            assertThat(v.operations()).extracting(OperationResult::operation).containsExactly("insert", "read");
            // 150 users × 2 repetitions × 2 cycles, every read checked against what was inserted
            assertThat(v.operations()).allSatisfy(op -> assertThat(op.count()).isEqualTo(600));
            assertThat(v.verification().checked()).isEqualTo(600);
            assertThat(v.verification().differed()).isZero();
        }
        assertThat(Cli.fullReport(out)).contains("roundtrip — every figure per timed block")
                .contains("the study's view: average total time of 150 operations");
        assertThat(ResultFiles.read(out.resolve(ResultFiles.RESULT_JSON)).plan()).isEqualTo(result.plan());
        assertThat(Cli.run(layout, "run", "roundtrip", "--users", "0").err()).contains("--users must be at least 1");
        assertThat(List.of(Files.list(out).map(p -> p.getFileName().toString()).toArray()))
                .contains(ResultFiles.REPORT_HTML, ResultFiles.SUMMARY_CSV);
    }
}
