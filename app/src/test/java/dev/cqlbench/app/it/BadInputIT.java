package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.app.Cli;
import com.datastax.oss.driver.api.core.CqlSession;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.TestResults;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.binding.BindingConfig;
import dev.cqlbench.session.Driver4Sessions;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of bad input the user can give, one row each, against a real node that takes password logins only:
 * each ends with a one-line message naming the problem (and the fix), its documented exit code, no stack trace,
 * and no result presented as complete that is not. (Every option's own validation is CommandLineTest's table.)
 */
@ExtendWith(AuthenticatedNode.Extension.class)
class BadInputIT {

    @TempDir
    static Path work;
    static EmbeddedCassandra node;
    static Path password;

    /** What a case leaves in its --out directory. */
    enum Left { NO_RESULT, RESULT }

    interface Args {
        List<String> of(Path dir) throws Exception;
    }

    record Case(String problem, Args args, int code, String says, Left left) {
        @Override
        public String toString() {
            return problem;
        }
    }

    @BeforeAll
    static void start(AuthenticatedNode shared) throws Exception {
        node = shared.node;
        password = work.resolve("password");
        Files.writeString(password, SecurityIT.SECRET + "\n");
        try (CqlSession session = Driver4Sessions.open(new BindingConfig(List.of(node.contactPoint()),
                node.datacenter(), SecurityIT.USER, SecurityIT.SECRET, "LOCAL_ONE", 10_000, Map.of()), "it-bad")) {
            session.execute("CREATE KEYSPACE IF NOT EXISTS clash WITH replication = "
                    + "{'class': 'SimpleStrategy', 'replication_factor': 1}");
            session.execute("CREATE TABLE IF NOT EXISTS clash.user (id int PRIMARY KEY, name text)");
        }
    }

    /**
     * A small crud run on the node, logged in, writing to {@code dir/out}; {@code changes} are option-value pairs
     * (or lone flags) that replace the value of an option given here or are added.
     */
    static List<String> crud(Path dir, String... changes) {
        List<String> args = new ArrayList<>(List.of("run", "crud", "--forks", "1",
                "--library", "driver4", "--contact-points",
                node.contactPoint(), "--username", SecurityIT.USER, "--password-file", password.toString(),
                "--ops", "100", "--repetitions", "2", "--cycles", "1", "--warmup-ops", "50", "--worker-heap-mb", "256",
                "--out", dir.resolve("out").toString()));
        for (int i = 0; i < changes.length; i++) {
            int at = args.indexOf(changes[i]);
            boolean pair = i + 1 < changes.length && !changes[i + 1].startsWith("--");
            if (at >= 0 && pair) {
                args.set(at + 1, changes[++i]);
            } else {
                args.add(changes[i]);
                if (pair) {
                    args.add(changes[++i]);
                }
            }
        }
        return args;
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case("unknown scenario", dir -> List.of("run", "nosuch", "--out", dir.resolve("out").toString()),
                        ExitCode.USAGE, "Unmatched argument", Left.NO_RESULT),
                new Case("unknown variant", dir -> crud(dir, "--library", "hibernate"), ExitCode.USAGE,
                        "unknown library 'hibernate'", Left.NO_RESULT),
                new Case("unknown option", dir -> crud(dir, "--turbo"), ExitCode.USAGE, "Unknown option: '--turbo'",
                        Left.NO_RESULT),
                new Case("negative number", dir -> crud(dir, "--ops", "-5"), ExitCode.USAGE,
                        "--ops must be at least 1", Left.NO_RESULT),
                new Case("zero", dir -> crud(dir, "--repetitions", "0"), ExitCode.USAGE,
                        "--repetitions must be at least 1", Left.NO_RESULT),
                new Case("overflow", dir -> crud(dir, "--ops", "99999999999"), ExitCode.USAGE, "Invalid value",
                        Left.NO_RESULT),
                new Case("contradictory options", dir -> crud(dir, "--concurrency", "8"), ExitCode.USAGE,
                        "needs --mode async", Left.NO_RESULT),
                new Case("unreachable contact point", dir -> replace(crud(dir), node.contactPoint(), "127.0.0.1:1"),
                        ExitCode.CONNECTION, "cannot connect", Left.NO_RESULT),
                new Case("wrong datacenter", dir -> crud(dir, "--datacenter", "mars"), ExitCode.CONNECTION,
                        "no node of the cluster is in datacenter 'mars'; datacenters seen: [datacenter1] "
                                + "(check --datacenter)", Left.NO_RESULT),
                new Case("authentication failure", dir -> {
                    Path wrong = dir.resolve("wrong-password");
                    Files.writeString(wrong, "not-the-password");
                    return replace(crud(dir), password.toString(), wrong.toString());
                }, ExitCode.CONNECTION, "authentication failed", Left.NO_RESULT),
                new Case("keyspace/table with an incompatible schema", dir -> crud(dir, "--keyspace", "clash"),
                        ExitCode.SCHEMA, "clash.user", Left.NO_RESULT),
                new Case("result directory not writable", dir -> replace(crud(dir), dir.resolve("out").toString(),
                        "/etc/hostname/out"), ExitCode.OUTPUT, "result directory /etc/hostname/out is not writable",
                        Left.NO_RESULT),
                new Case("disk full while writing results", dir -> {
                    Files.createDirectories(dir.resolve("out"));
                    Files.createSymbolicLink(dir.resolve("out/result.json.tmp"), Paths.get("/dev/full"));
                    return crud(dir);
                }, ExitCode.OUTPUT, "result.json: No space left on device", Left.NO_RESULT),
                new Case("corrupt JSON given to report", dir -> {
                    Files.writeString(dir.resolve("corrupt.json"), "{\"format\": \"cqlbench-result\", \"variants\": [");
                    return List.of("report", dir.resolve("corrupt.json").toString(), "--html",
                            dir.resolve("out/report.html").toString());
                }, ExitCode.USAGE, "is not a readable cqlbench result", Left.NO_RESULT),
                new Case("foreign JSON given to report", dir -> {
                    Files.writeString(dir.resolve("package.json"), "{\"name\": \"left-pad\", \"version\": \"1.3.0\"}");
                    return List.of("report", dir.resolve("package.json").toString(), "--html",
                            dir.resolve("out/report.html").toString());
                }, ExitCode.USAGE, "is not a cqlbench result", Left.NO_RESULT),
                new Case("corrupt JSON given to compare", dir -> {
                    ResultFiles.write(Reading.of(TestResults.fixed()), dir.resolve("good"));
                    Files.writeString(dir.resolve("corrupt.json"), "not json at all");
                    return List.of("compare", dir.resolve("good/result.json").toString(),
                            dir.resolve("corrupt.json").toString(), "--html", dir.resolve("out/compare.html").toString());
                }, ExitCode.USAGE, "is not a readable cqlbench result", Left.NO_RESULT),
                new Case("relaxed durability on a keyspace that holds other tables", dir -> hatshopOnClash(dir),
                        ExitCode.SCHEMA, "--durability relaxed sets durable_writes = false on keyspace clash, which "
                                + "also holds user: use a --keyspace of hatshop's own", Left.NO_RESULT),
                new Case("a batch Cassandra rejects", dir -> List.of("run", "writes", "--forks", "1",
                        "--contact-points",
                        node.contactPoint(), "--username", SecurityIT.USER, "--password-file", password.toString(),
                        "--pattern", "unlogged-batch", "--writes", "2000", "--batch-size", "2000", "--locality", "0",
                        "--cycles", "1", "--repetitions", "1", "--warmup-writes", "0", "--worker-heap-mb", "256",
                        "--out", dir.resolve("out").toString()),
                        ExitCode.REJECTED, "the cluster rejected the workload of unlogged-batch", Left.RESULT),
                new Case("a JDBC URL that cannot connect", dir -> List.of("run", "hatshop", "--forks", "1",
                        "--database", "mariadb",
                        "--jdbc-url", "jdbc:mariadb://127.0.0.1:1/shop", "--out", dir.resolve("out").toString()),
                        ExitCode.CONNECTION, "cannot connect to the database of --jdbc-url", Left.NO_RESULT));
    }

    static List<String> hatshopOnClash(Path dir) {
        return List.of("run", "hatshop", "--forks", "1",
                "--database", "cassandra", "--contact-points", node.contactPoint(),
                "--username", SecurityIT.USER, "--password-file", password.toString(), "--keyspace", "clash",
                "--durability", "relaxed", "--out", dir.resolve("out").toString());
    }

    @Test
    void aKeyspaceThatIsNotHatshopsKeepsItsDurabilityAndGetsNoTables(@TempDir Path dir) throws Exception {
        assertThat(Cli.run(hatshopOnClash(dir)).code()).isEqualTo(ExitCode.SCHEMA);
        try (CqlSession session = Driver4Sessions.open(new BindingConfig(List.of(node.contactPoint()),
                node.datacenter(), SecurityIT.USER, SecurityIT.SECRET, "LOCAL_ONE", 10_000, Map.of()), "it-bad")) {
            assertThat(session.execute("SELECT durable_writes FROM system_schema.keyspaces WHERE keyspace_name = "
                    + "'clash'").one().getBoolean(0)).isTrue();
            assertThat(session.execute("SELECT table_name FROM system_schema.tables WHERE keyspace_name = 'clash'")
                    .all()).extracting(r -> r.getString(0)).containsExactly("user");
        }
    }

    private static List<String> replace(List<String> args, String from, String to) {
        return args.stream().map(a -> a.equals(from) ? to : a).toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void badInputIsOneClearLineAndADistinctExitCode(Case c, @TempDir Path dir) throws Exception {
        Cli.Outcome outcome = Cli.run(c.args().of(dir));

        assertThat(outcome.code()).as(outcome.err()).isEqualTo(c.code());
        assertThat(outcome.err()).as("stderr").contains(c.says())
                .doesNotContain("\tat ").doesNotContain("Exception in thread").doesNotContain("Caused by");
        List<String> errors = outcome.err().lines().filter(l -> l.startsWith("cqlbench: ") && l.contains(c.says()))
                .toList();
        assertThat(errors).as("the message is one line of its own: " + outcome.err()).hasSize(1);
        Path result = dir.resolve("out").resolve(ResultFiles.RESULT_JSON);
        if (c.left() == Left.NO_RESULT) {
            assertThat(result).as("no result presented").doesNotExist();
            try (Stream<Path> files = Files.exists(dir.resolve("out")) ? Files.list(dir.resolve("out")) : Stream.empty()) {
                assertThat(files.map(p -> p.getFileName().toString()))
                        .as("no result file at all, whole or half").noneMatch(n -> n.startsWith("result.json")
                                || n.startsWith("summary.csv") || n.startsWith("report.html"));
            }
        } else {
            RunResult written = ResultFiles.read(result);
            assertThat(written.variants()).allSatisfy(v -> assertThat(v.failure()).as("the failure is recorded")
                    .isNotNull());
        }
    }

    @Test
    void debugAddsTheStackTrace(@TempDir Path dir) throws Exception {
        Cli.Outcome outcome = Cli.run(replace(crud(dir, "--debug"), node.contactPoint(),
                "127.0.0.1:1"));
        assertThat(outcome.code()).isEqualTo(ExitCode.CONNECTION);
        assertThat(outcome.err()).contains("cannot connect").contains("\tat ");
    }
}
