package dev.cqlbench.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Parsing and validation only (the libraries are those the build declared): nothing starts. */
class CommandLineTest {

    /**
     * A command line (its words split at spaces; a word in single quotes kept whole) and what its one line of error
     * must say.
     */
    @ParameterizedTest(name = "cqlbench {0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            run nosuch | Unmatched argument
            run crud --nosuch | Unknown option
            run crud --library hibernate | unknown library 'hibernate'
            run crud --ops 0 | --ops must be at least 1
            run crud --ops -5 | --ops must be at least 1
            run crud --ops 99999999999 | Invalid value
            run crud --ops 100000 --repetitions 100000 | too large
            run crud --concurrency 8 | needs --mode async
            run crud --mode turbo | --mode must be sync or async
            run crud --confidence 1.5 | --confidence must be between
            run crud --family-confidence 1 | --family-confidence must be between
            run crud --forks 0 | --forks must be between 1 and 20
            run crud --library driver4,kundera --reference achilles | --reference achilles is not one of this run's variants: driver4, kundera
            run writes --client 0/2 --start-at 2030-01-01T00:00:00Z --forks 3 | each client runs one JVM per variant
            run mixes --forks 2 | mixes runs one JVM per variant
            run scale-out --forks 3 | scale-out runs one JVM per variant
            run crud --keyspace 1bad | not a valid keyspace name
            run crud --library driver4,spring-data --question 'kundera over driver4' | kundera is not one of this run's variants: driver4, spring-data
            run crud --library driver4,spring-data --question 'spring-data beats driver4' | expected 'A over B [in OPERATION,…]
            run crud --placement pinned | --placement must be one of auto, split, shared
            run crud --contact-points h:1 --cassandra-heap-mb 512 | applies to the embedded Cassandra only
            run crud --contact-points h:notaport | no numeric port
            run crud --contact-points h:1 --auth | --auth applies to the embedded Cassandra only
            run crud --username u --password-env CQLBENCH_TEST_UNSET_VAR | CQLBENCH_TEST_UNSET_VAR (from --password-env) is not set
            run crud --worker-heap-mb 0 | --worker-heap-mb must be at least 1
            run crud --truststore /nonexistent.p12 | --truststore applies to a cluster given by --contact-points
            run crud --contact-points h:1 --truststore /nonexistent.p12 | cannot read --truststore
            run crud --contact-points h:1 --keystore /k.p12 | TLS options need --truststore
            run crud --mode async --library kundera | kundera has no asynchronous API
            run decode --library kundera | kundera does not implement the decode scenario
            run decode --rows 5000,0 | --rows must be at least 1
            run decode --confidence 0 | --confidence must be between
            run hatshop --database oracle | --database must be cassandra and/or mariadb
            run hatshop --model wide | --model must be line_items
            run hatshop --preset huge | --preset must be mixed or updates
            run hatshop --sweep threads | --sweep must be pool
            run hatshop --sweep pool --database cassandra | drop --database cassandra
            run hatshop --pool-sizes 1,2 | --pool-sizes needs --sweep pool
            run hatshop --count 0 | --count must be at least 1
            run hatshop --mix chaos | --mix must be one of
            run hatshop --durability maybe | --durability must be durable or relaxed
            run hatshop --events /nonexistent/events.jsonl | cannot read --events
            run hatshop --jdbc-url mysql://db:3306/ | --jdbc-url must be a JDBC URL
            run hatshop --jdbc-user bench | --jdbc-user needs --jdbc-url
            run writes --locality 120 | --locality values are percentages
            run writes --locality 20,20 | --locality values must differ
            run writes --batch-size 0 | --batch-size must be at least 1
            run writes --window -1 | --window must be at least 1
            run writes --writes 0 | --writes must be at least 1
            run writes --pattern bulk | unknown library 'bulk'
            run writes --pattern driver4 | driver4 does not implement the writes scenario
            run writes --nodes 0 | --nodes must be between 1 and 254
            run writes --rf 0 | --rf must be at least 1
            run writes --contact-points h:9042 --nodes 3 | --nodes applies to the embedded Cassandra only
            run crud --batch-size-fail-threshold 0 | --batch-size-fail-threshold must be at least 1
            cluster start --nodes 300 | --nodes must be between 1 and 254
            cluster start --token-rf 0 | --token-rf must be at least 1
            run mixes --workload workloadz | neither a built-in workload
            run mixes --duration soon | --duration must look like 20s
            run mixes --duration 0s | --duration must be above 0
            run mixes --duration 5s --ops 100 | either --duration or --ops
            run mixes --concurrency 0 | --concurrency must be at least 1
            run mixes --concurrency 8,8 | --concurrency values must differ
            run mixes --rate -5 | --rate must be 0 (closed loop) or above
            run mixes --records 0 | --records must be at least 1
            run mixes --workload workloada,workloada | --workload values must differ
            run scale-out --add-node-at 90s --duration 60s | is not within --duration
            run scale-out --add-node-at soon | --add-node-at must look like 60s
            run scale-out --add-node-at 30s --decommission-at 20s | --decommission-at must come after --add-node-at
            run scale-out --contact-points h:9042 | drop --contact-points
            run scale-out --stream-throughput 0 | --stream-throughput must be at least 1
            run mixes --target /nonexistent/a.yaml | cannot read target file /nonexistent/a.yaml
            run crud --library driver4 --fail-if-slower 5% | --fail-if-slower judges every variant against the reference: this run has one (driver4)
            run crud --fail-if-slower five | 'five' is not a slowdown
            run crud --fail-if-slower -1% | a slowdown allowed is 0 %
            run crud --fail-if-undecided | --fail-if-not-decided needs
            run crud --fail-if-not-decided | --fail-if-not-decided needs
            run crud --format html | --format
            run crud --library driver4@3.11.0,driver4 | driver4@3.11.0: cqlbench's driver4 binding calls releases from 4.0.0 on; 3.11.0 is older
            run crud --library kundera@3.12,driver4 | kundera@3.12: kundera runs only the version cqlbench was built with
            run crud --library driver4@latest | unknown library 'driver4@latest'
            run crud --runs 0 | --runs must be between 1 and 20
            run crud --runs 3 --forks 1 | it needs --forks 2 or more and a --max-time
            run crud --runs 3 --max-time 0 | it needs --forks 2 or more and a --max-time
            run crud --same-confidence 0.3 | --same-confidence must be between 0.5 and 1
            run crud --calibration /nonexistent/c.json | --calibration /nonexistent/c.json: not a calibration
            calibrate --runs 2 | --runs must be between 3 and 50
            calibrate --forks 1 | --forks must be between 2 and 20
            # hatshop's variants are its own: no library of a jar has anywhere to run there
            run hatshop --binding-jar my.jar | Unknown options: '--binding-jar', 'my.jar'
            """)
    void badInputGetsOneLineAndTheUsageExitCode(String commandLine, String expected) {
        Cli.Outcome outcome = Cli.run(words(commandLine));
        assertThat(outcome.code()).as(commandLine).isEqualTo(ExitCode.USAGE);
        assertThat(outcome.err()).as(commandLine).contains(expected).startsWith("cqlbench: ");
        assertThat(outcome.err().strip().lines()).as(commandLine).hasSize(1);
        assertThat(outcome.err()).as(commandLine).doesNotContain("Exception").doesNotContain("\tat ");
    }

    /**
     * What a report advises when its run could not ask the claims (a crud run without Kundera, say) is a command
     * that parses, and it runs the variants the study's claims name: crud's defaults run driver4 alone.
     */
    @Test
    void theRunAdvisedForEveryClaimParsesAndRunsTheVariantsTheClaimsName() {
        CommandContext context = new CommandContext(System.out, System.err, dev.cqlbench.app.orchestrate.Layout::fromSystemProperty,
                new dev.cqlbench.app.Lifecycle());
        for (dev.cqlbench.scenario.Scenario<?> scenario : dev.cqlbench.scenario.Scenarios.all()) {
            dev.cqlbench.run.RunLine line = dev.cqlbench.report.Verdicts.everyClaim(scenario.name());
            picocli.CommandLine.ParseResult parsed = Main.commandLine(context)
                    .parseArgs(line.args().toArray(String[]::new));
            assertThat(parsed.subcommand().subcommand().commandSpec().name()).isEqualTo(scenario.name());
            assertThat(line.has("--max-time")).as(line.toString()).isFalse();
        }
        assertThat(dev.cqlbench.report.Verdicts.everyClaim("crud").value("--library").orElseThrow().split(","))
                .contains("kundera", "achilles", "driver3", "driver3-mapper");
        assertThat(dev.cqlbench.report.Verdicts.everyClaim("decode").value("--library").orElseThrow().split(","))
                .contains("driver4", "spring-data");
    }

    /** A library that cannot speak TLS, in a run that asks for it, is refused in one line before anything starts. */
    @Test
    void aLibraryWithoutTlsIsRefusedWhenTheRunAsksForIt(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path trust = java.nio.file.Files.writeString(dir.resolve("trust.p12"), "");
        Cli.Outcome outcome = Cli.run("run", "crud", "--library", "driver4,kundera", "--contact-points",
                "127.0.0.1:1", "--truststore", trust.toString(), "--out", dir.resolve("out").toString());
        assertThat(outcome.code()).as(outcome.err()).isEqualTo(ExitCode.USAGE);
        assertThat(outcome.err().strip().lines()).hasSize(1);
        assertThat(outcome.err()).startsWith("cqlbench: kundera cannot connect over TLS")
                .contains("DSClientFactory").doesNotContain("\tat ");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    private static String[] words(String commandLine) {
        Matcher word = Pattern.compile("'([^']*)'|(\\S+)").matcher(commandLine);
        List<String> words = new ArrayList<>();
        while (word.find()) {
            words.add(word.group(1) != null ? word.group(1) : word.group(2));
        }
        return words.toArray(String[]::new);
    }

    @Test
    void everyCommandHasHelp() {
        for (String[] args : new String[][] {{"--help"}, {"run", "--help"}, {"run", "crud", "--help"},
                {"run", "decode", "--help"}, {"run", "hatshop", "--help"}, {"run", "writes", "--help"},
                {"run", "mixes", "--help"}, {"run", "scale-out", "--help"}, {"demo", "--help"},
                {"events", "--help"}, {"cluster", "--help"}, {"cluster", "start", "--help"},
                {"cluster", "status", "--help"}, {"cluster", "stop", "--help"}}) {
            Cli.Outcome outcome = Cli.run(args);
            assertThat(outcome.code()).isZero();
            assertThat(outcome.out()).contains("Usage: cqlbench");
        }
    }

    @Test
    void theCompletionScriptKnowsEveryScenarioAndItsOptions() {
        Cli.Outcome outcome = Cli.run("generate-completion");
        assertThat(outcome.code()).isZero();
        assertThat(outcome.out()).startsWith("#!/usr/bin/env bash").contains("_complete_cqlbench")
                .contains("scale-out").contains("--binding-jar").contains("--fail-if-slower");
    }

    @Test
    void runHelpExplainsEveryScenarioOption() {
        String help = Cli.run("run", "--help").out();
        for (String option : new String[] {"--library", "--ops", "--repetitions", "--cycles", "--warmup-ops", "--mode",
                "--concurrency", "--contact-points", "--datacenter", "--username", "--password-env", "--out", "--rows",
                "--warmup-reads", "--seed", "--confidence", "--database", "--model", "--preset", "--sweep", "--pool-size",
                "--jdbc-url", "--events", "--durability", "--pattern", "--locality", "--batch-size", "--window",
                "--batch-concurrency", "--writes", "--nodes", "--rf", "--batch-size-fail-threshold", "--cluster-dir",
                "--workload", "--duration", "--rate", "--records", "--field-count", "--field-length", "--add-node-at",
                "--decommission-at", "--stream-throughput", "--target", "--forks", "--reference",
                "--family-confidence", "--precision", "--max-time"}) {
            assertThat(help).contains(option);
        }
    }

    @Test
    void eventsAreJsonLinesAndRepeatForTheSameSeed() {
        Cli.Outcome first = Cli.run("events", "--seed", "5", "--count", "300", "--orders", "10");
        Cli.Outcome again = Cli.run("events", "--seed", "5", "--count", "300", "--orders", "10");
        assertThat(first.code()).isZero();
        assertThat(first.out().lines()).hasSize(300).allMatch(l -> l.startsWith("{\"type\":\""));
        assertThat(first.out()).isEqualTo(again.out());
        assertThat(Cli.run("events", "--mix", "chaos").err()).contains("--mix must be one of mixed, updates, creates");
    }

    @Test
    void anEventsFileThatCannotBeReplayedNamesItsLine(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = dir.resolve("events.jsonl");
        String created = Cli.run("events", "--seed", "1", "--count", "1", "--orders", "5").out();
        java.nio.file.Files.writeString(file, created
                + "{\"type\":\"READ\",\"data\":{\"id\":\"00000000-0000-4000-8000-000000000001\"}}\n");
        Cli.Outcome outcome = Cli.run("run", "hatshop", "--events", file.toString(), "--out", dir.resolve("out").toString());
        assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
        assertThat(outcome.err()).contains("line 2: READ of order 00000000-0000-4000-8000-000000000001, which does "
                + "not exist");
        java.nio.file.Files.writeString(file, "{\"type\":\"EXPLODE\",\"data\":{}}\n");
        assertThat(Cli.run("run", "hatshop", "--events", file.toString()).err()).contains("line 1: unknown event type 'EXPLODE'");
    }

    @Test
    void unwritableResultDirectoryFailsBeforeAnythingStarts() {
        Cli.Outcome outcome = Cli.run("run", "crud", "--out", "/proc/cqlbench-cannot-write-here");
        assertThat(outcome.code()).isEqualTo(ExitCode.OUTPUT);
        assertThat(outcome.err()).contains("is not writable");
    }

    @Test
    void aReplicationFactorAboveTheNodeCountFailsBeforeAnyNodeStarts(@org.junit.jupiter.api.io.TempDir Path dir) {
        Cli.Outcome outcome = Cli.run("run", "writes", "--nodes", "2", "--rf", "3", "--out", dir.resolve("out").toString(),
                "--cluster-dir", dir.resolve("cluster").toString());
        assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
        assertThat(outcome.err()).contains("--rf 3 needs at least 3 nodes, the cluster has 2");
        assertThat(outcome.err()).doesNotContain("starting");
    }

    @Test
    void aMetricsPortInUseFailsInOneLineBeforeAnythingStarts(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1,
                java.net.InetAddress.getByName("127.0.0.1"))) {
            Cli.Outcome outcome = Cli.run("run", "mixes", "--metrics-port", Integer.toString(taken.getLocalPort()),
                    "--metrics-host", "127.0.0.1", "--out", dir.resolve("out").toString(), "--cluster-dir",
                    dir.resolve("cluster").toString());
            assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
            assertThat(outcome.err().strip()).isEqualTo("cqlbench: --metrics-port: cannot listen on 127.0.0.1:"
                    + taken.getLocalPort() + ": Address already in use");
            assertThat(dir.resolve("out")).doesNotExist();
        }
        Cli.Outcome nowhere = Cli.run("run", "mixes", "--metrics-port", "9464", "--metrics-host", "no-such-host.invalid",
                "--out", dir.resolve("out").toString(), "--cluster-dir", dir.resolve("cluster").toString());
        assertThat(nowhere.code()).isEqualTo(ExitCode.USAGE);
        assertThat(nowhere.err()).startsWith("cqlbench: --metrics-port: cannot listen on no-such-host.invalid:9464: ")
                .doesNotContain("\tat ");
    }

    @Test
    void clusterCommandsWithoutAClusterSayNothingIsKept(@org.junit.jupiter.api.io.TempDir Path dir) {
        Cli.Outcome status = Cli.run("cluster", "status", "--cluster-dir", dir.toString());
        assertThat(status.code()).isEqualTo(ExitCode.CONNECTION);
        assertThat(status.err()).contains("no cluster kept in");
        Cli.Outcome stop = Cli.run("cluster", "stop", "--cluster-dir", dir.toString());
        assertThat(stop.code()).isZero();
        assertThat(stop.err()).contains("nothing to stop");
    }
}
