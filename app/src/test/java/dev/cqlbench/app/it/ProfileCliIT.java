package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.scenario.profile.ProfilePlan;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Users' profiles end to end through the command line, against one real node: every type written and read back
 * equal through every library that can express it, what one cannot said with its reason, and a definition the
 * server refuses named with its line.
 */
@ExtendWith(EmbeddedCassandraExtension.class)
class ProfileCliIT {

    static final Path PROFILES = Path.of("..", "profiles");

    static List<String> profile(EmbeddedCassandra node, Path out, Path profile, String keyspace, String... extra) {
        List<String> args = new ArrayList<>(List.of("run", "profile", "--profile", profile.toString(),
                "--contact-points", node.contactPoint(), "--apply-definitions", "--keyspace", keyspace,
                "--ops", "20", "--cycles", "2", "--warmup-ops", "0", "--forks", "1", "--worker-heap-mb", "256",
                "--out", out.toString()));
        args.addAll(List.of(extra));
        return args;
    }

    /** Every variant ran every operation without an error, and every value it wrote and read compared equal. */
    private static RunResult everyValueEqual(Cli.Outcome outcome, Path out, List<String> variants) throws Exception {
        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.OK);
        RunResult result = ResultFiles.read(out.resolve("result.json"));
        assertThat(result.variants()).extracting(VariantResult::variant).containsExactlyElementsOf(variants);
        for (VariantResult variant : result.variants()) {
            assertThat(variant.verification().checked()).as(variant.variant()).isPositive();
            assertThat(variant.verification().differed()).as(variant.variant()).isZero();
            assertThat(variant.verification().unverifiable()).as(variant.variant()).isZero();
            for (OperationResult op : variant.operations()) {
                assertThat(op.count()).as(variant.variant() + " " + op.operation()).isEqualTo(2 * 20);
                assertThat(op.errors()).as(variant.variant() + " " + op.operation() + " " + op.errorsByKind())
                        .isZero();
            }
        }
        return result;
    }

    @Test
    void everyTypeIsWrittenAndReadBackEqualThroughEveryLibraryThatCanExpressIt(EmbeddedCassandra node,
                                                                               @TempDir Path dir) throws Exception {
        // as the container image runs it: its entry point and classpath, the workers' jars from its worker-lib
        ContainerImage image = ContainerImage.layOut(Files.createDirectories(dir.resolve("image")));
        Cli.Outcome all = image.run(Files.createDirectories(dir.resolve("logs")), 300, profile(node, dir.resolve("all"),
                PROFILES.resolve("all-types.yaml").toAbsolutePath(), "it_types", "--library", "all"));
        RunResult result = everyValueEqual(all, dir.resolve("all"), List.of("driver4", "driver4-mapper", "spring-data",
                "spring-data-repository"));
        assertThat(all.err()).contains("driver3 cannot run this profile: type vector (driver 3.x has no vector type")
                .contains("achilles cannot run this profile: type vector (Achilles 6.1 runs on driver 3.x")
                .contains("kundera cannot run this profile: type date (Kundera's DataStax-driver client")
                .contains("driver3-prepared cannot run this profile: type vector")
                .contains("driver3-mapper cannot run this profile: type vector");
        // the mappers ran through classes made from the table's definition, compiled in their worker
        assertThat(result.variants().get(1).audit().get("mapping")).contains("compiled with the mapper's annotation "
                + "processor");
        assertThat(result.variants().get(3).audit().get("mapping")).contains("CassandraRepository");
        assertThat(result.plan()).isInstanceOfSatisfying(ProfilePlan.class, plan ->
                assertThat(plan.operationLabels()).containsExactly(Profile.INSERT, "row"));

        // (each library's own type matrix, a query of some columns, UPDATE, INSERT and DELETE, batches, conditions and
        // counters, in-process through its ProfileTable, are its module's ProfileTableContract's: here, the path
        // through the command line and worker JVMs, whose classes are compiled where a worker compiles them)

        // a composite partition key (Kundera's @Embedded partition key class) and columns named as the generated
        // code's own names would be (v, k, p, key): nothing shadows
        Path composite = dir.resolve("composite.yaml");
        Files.writeString(composite, """
                keyspace: it_composite
                table: t
                table_definition: |
                  CREATE TABLE t (k int, p text, v bigint, key text, e int, PRIMARY KEY ((k, p), v))
                queries:
                  partition:
                    cql: SELECT * FROM t WHERE k = ? AND p = ?
                    fields: samerow
                  keys:
                    cql: SELECT key, e FROM t WHERE k = ? AND p = ? AND v = ?
                    fields: samerow
                """);
        RunResult viaKundera = everyValueEqual(Cli.run(profile(node, dir.resolve("composite"), composite,
                "it_composite", "--library", "kundera")), dir.resolve("composite"), List.of("kundera"));
        assertThat(viaKundera.variants().get(0).audit().get("mapping")).contains("@EmbeddedId");

        // counters (in batches, which the driver 4 mapper cannot write), a lightweight transaction, collections and
        // a UDT, a clustered time series with range queries
        for (String name : List.of("counters", "lwt", "wide-row", "timeseries")) {
            List<String> libraries = name.equals("counters") ? List.of("driver4", "achilles")
                    : name.equals("lwt") ? List.of("driver3-mapper") : List.of("spring-data", "driver3-mapper");
            everyValueEqual(Cli.run(profile(node, dir.resolve(name), PROFILES.resolve(name + ".yaml"), "it_" + name
                    .replace('-', '_'), "--library", String.join(",", libraries))), dir.resolve(name), libraries);
        }
        // a condition on columns: an UPDATE … IF through Spring Data's Criteria and Achilles' if_ DSL
        Path conditional = dir.resolve("lwt-if.yaml");
        Files.writeString(conditional, Files.readString(PROFILES.resolve("lwt.yaml")).replace(
                "condition: IF NOT EXISTS", "condition: IF balance = NULL AND name = NULL"));
        RunResult viaConditions = everyValueEqual(Cli.run(profile(node, dir.resolve("lwt-if"), conditional, "it_lwt_if",
                "--library", "spring-data,achilles")), dir.resolve("lwt-if"), List.of("spring-data", "achilles"));
        assertThat(viaConditions.variants().get(0).audit().get("writes")).contains("UpdateOptions.ifCondition");
        assertThat(viaConditions.variants().get(1).audit().get("writes")).contains(".if_<column>()");

        // a library named that cannot run it is refused before anything starts, with the reason
        for (String[] refused : new String[][] {
                {"driver4-mapper", "a COUNTER batch (an @Increment method returns nothing to batch"},
                {"driver3-mapper", "type counter (Mapper.save writes values"},
                {"spring-data-repository", "a repository cannot increment counters"},
                {"kundera", "type counter (EntityManager.persist writes values"}}) {
            Cli.Outcome outcome = Cli.run(profile(node, dir.resolve("refused"), PROFILES.resolve("counters.yaml"),
                    "it_counters", "--library", refused[0]));
            assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.USAGE);
            assertThat(outcome.err()).contains("cqlbench: " + refused[0] + " cannot run this profile")
                    .contains(refused[1]);
        }
    }

    @Test
    void aLibraryNamedThatCannotExpressTheProfileIsRefusedWithTheReason(EmbeddedCassandra node, @TempDir Path dir) {
        Cli.Outcome outcome = Cli.run(profile(node, dir.resolve("out"), PROFILES.resolve("all-types.yaml"),
                "it_refused", "--library", "driver3"));
        assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
        assertThat(outcome.err()).contains("cqlbench: driver3 cannot run this profile: type vector")
                .doesNotContain("\tat ");
    }

    @Test
    void aDefinitionTheServerRefusesIsTheProfilesLineAndTheServersWords(EmbeddedCassandra node, @TempDir Path dir)
            throws Exception {
        // (WITH COMPACT STORAGE, refused by Cassandra 4.0, is taken again by 5.0 while its guardrail
        // compact_tables_enabled is on, as it is by default: a non-frozen collection in the key never is)
        Path compact = dir.resolve("collection-key.yaml");
        Files.writeString(compact, """
                keyspace: it_compact
                table: t
                table_definition: |
                  CREATE TABLE t (k int, tags set<text>, PRIMARY KEY (k, tags))
                queries:
                  one:
                    cql: SELECT * FROM t WHERE k = ?
                """);
        Cli.Outcome outcome = Cli.run(profile(node, dir.resolve("out"), compact, "it_compact"));
        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.USAGE);
        List<String> lines = outcome.err().lines().filter(l -> l.startsWith("cqlbench: " + compact + ":3: the server "
                + "refused the table_definition: ")).toList();
        assertThat(lines).as(outcome.err()).hasSize(1);
        assertThat(lines.get(0)).containsIgnoringCase("collection").contains("tags");
        assertThat(outcome.err()).doesNotContain("\tat ");
        assertThat(dir.resolve("out/result.json")).doesNotExist();
    }

    @Test
    void insertsTheClusterRejectsAsTooLargeStopTheLibraryWithTheReason(EmbeddedCassandra node, @TempDir Path dir)
            throws Exception {
        Path wide = dir.resolve("wide.yaml");
        Files.writeString(wide, """
                keyspace: it_wide
                table: t
                table_definition: |
                  CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c))
                columnspec:
                  - name: c
                    cluster: fixed(50)
                  - name: v
                    size: fixed(200)
                insert:
                  partitions: fixed(20)
                  batchtype: UNLOGGED
                queries:
                  one:
                    cql: SELECT * FROM t WHERE k = ?
                """);
        Cli.Outcome outcome = Cli.run(profile(node, dir.resolve("out"), wide, "it_wide"));
        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.REJECTED);
        // (Cassandra checks the size of a batch over several partitions: one partition's is one mutation)
        assertThat(outcome.err()).contains("Cassandra rejected an insert's batch of up to 1000 rows (server said: "
                + "Batch too large)").contains("batch_size_fail_threshold").doesNotContain("\tat ");
    }

    @Test
    void onAClusterNamedNothingIsCreatedUnlessAsked(EmbeddedCassandra node, @TempDir Path dir) {
        List<String> args = new ArrayList<>(profile(node, dir.resolve("out"), PROFILES.resolve("lwt.yaml"),
                "it_not_asked"));
        args.remove("--apply-definitions");
        Cli.Outcome outcome = Cli.run(args);
        assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
        assertThat(outcome.err()).contains("table it_not_asked.accounts does not exist on the cluster")
                .contains("--apply-definitions");
    }
}
