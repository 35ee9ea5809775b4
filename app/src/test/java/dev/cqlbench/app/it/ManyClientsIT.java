package dev.cqlbench.app.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cqlbench.app.Cli;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.TimelinePoint;
import dev.cqlbench.server.cassandra.EmbeddedCassandra;
import dev.cqlbench.testkit.EmbeddedCassandraExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three cqlbench processes share one workload against one node, each its third ({@code --client i/3}), all starting
 * at one instant; {@code merge} adds them up, checked against what each measured (the ground truth).
 */
@ExtendWith(EmbeddedCassandraExtension.class)
class ManyClientsIT {

    private static final String PHASE = "read65_update25_insert10@4";

    private static OperationResult op(RunResult result, String label) {
        return result.variants().get(0).operations().stream().filter(o -> o.operation().equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + label));
    }

    /** Waits for every client (watching all their JVMs while they run): each exits 0 and leaves no process. */
    static void allEndWell(List<Launcher> clients) throws Exception {
        long deadline = System.nanoTime() + 240_000_000_000L;
        while (clients.stream().anyMatch(c -> c.process.isAlive()) && System.nanoTime() < deadline) {
            clients.forEach(Launcher::watchChildren);
            Thread.sleep(200);
        }
        for (Launcher c : clients) {
            assertThat(c.awaitExit(1)).as(Files.readString(c.stderr)).isEqualTo(ExitCode.OK);
            c.assertNoChildLeft();
        }
    }

    /**
     * Three clients given no start instant, only the run's name: they meet in the cluster once each has loaded and
     * warmed up, and start together (no guess of how long three JVM pairs take to start on two cores).
     */
    /** What three clients measured, and their merge (exit 0) into {@code out/merged}. */
    record Merged(List<RunResult> each, Cli.Outcome outcome, RunResult result) {}

    /**
     * Runs three cqlbench clients, client i with {@code args.apply(i)} and {@code --out out/c<i>}, waits for each to
     * exit 0 leaving no process, and merges their results.
     */
    static Merged threeClientsMerged(Path out, java.util.function.IntFunction<List<String>> args) throws Exception {
        List<Launcher> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                Path dir = Files.createDirectories(out.resolve("c" + i));
                List<String> command = new ArrayList<>(args.apply(i));
                command.addAll(List.of("--out", dir.toString()));
                clients.add(new Launcher(dir, command.toArray(String[]::new)));
            }
            allEndWell(clients);
        } finally {
            clients.forEach(Launcher::destroyAll);
        }
        List<RunResult> each = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            each.add(ResultFiles.read(out.resolve("c" + i).resolve("result.json")));
        }
        Cli.Outcome merged = Cli.run("merge", out.resolve("c0").toString(), out.resolve("c1").toString(),
                out.resolve("c2").toString(), "--out", out.resolve("merged").toString());
        assertThat(merged.code()).as(merged.err()).isEqualTo(ExitCode.OK);
        return new Merged(each, merged, ResultFiles.read(out.resolve("merged").resolve("result.json")));
    }

    /**
     * ... and each serves its live metrics, scraped every second by a real Prometheus (Debian's package, which .ci/run
     * installs; skipped with the reason where it is missing, a failure under CI): each client's counters end at its
     * own counts, their sum at the merged result's, and a quantile of their summed buckets lies in the live bucket
     * of the merged HdrHistogram's percentile.
     */
    @Test
    void threeClientsMergeIntoOneExactResult(EmbeddedCassandra node, @TempDir Path out) throws Exception {
        String run = "it-three-" + System.currentTimeMillis(); // a name of its own: a name met under before is refused
        java.util.Optional<Path> binary = Prometheus.find();
        if (binary.isEmpty() && System.getenv("CI") != null) {
            org.junit.jupiter.api.Assertions.fail("prometheus not found under CI: .ci/run installs Debian's "
                    + "prometheus package");
        }
        int[] ports = {Prometheus.freePort(), Prometheus.freePort(), Prometheus.freePort()};
        Prometheus prometheus = binary.isEmpty() ? null : Prometheus.start(binary.get(),
                Files.createDirectories(out.resolve("prometheus")), java.util.Arrays.stream(ports)
                        .mapToObj(p -> "127.0.0.1:" + p).toList());
        Merged three;
        try {
            three = threeClientsMerged(out, i -> List.of("run", "mixes", "--contact-points", node.contactPoint(),
                    "--workload", "read65_update25_insert10", "--client", i + "/3", "--run-id", run, "--records",
                    "1500", "--concurrency", "4", "--duration", "3s", "--warmup-ops", "300", "--warmup-max-s", "0",
                    "--worker-heap-mb", "256", "--keyspace", "it_clients", "--metrics-port",
                    Integer.toString(ports[i]), "--metrics-host", "127.0.0.1"));
            if (prometheus != null) {
                scrapedAsMeasured(prometheus, run, three);
            }
        } finally {
            if (prometheus != null) {
                prometheus.close();
            }
        }
        List<RunResult> each = three.each();
        Cli.Outcome merged = three.outcome();
        RunResult result = three.result();
        // every client loaded its own slice: together, the records once
        assertThat(op(result, "read65_update25_insert10@load").count()).isEqualTo(1500);
        assertThat(each).extracting(r -> op(r, "read65_update25_insert10@load").count()).containsExactly(500L, 500L,
                500L);
        OperationResult phase = op(result, PHASE);
        assertThat(phase.count()).isEqualTo(each.stream().mapToLong(r -> op(r, PHASE).count()).sum());
        assertThat(phase.errors()).as(phase.errorsByKind().toString()).isZero();
        // the merged histogram is the union of the three: the same count at every value
        Histogram union = new Histogram(3);
        each.forEach(r -> union.add(HistogramCodec.decode(op(r, PHASE).histogram())));
        Histogram got = HistogramCodec.decode(phase.histogram());
        assertThat(got.getTotalCount()).isEqualTo(union.getTotalCount()).isEqualTo(phase.count());
        for (HistogramIterationValue v : union.recordedValues()) {
            assertThat(got.getCountAtValue(v.getValueIteratedTo())).isEqualTo(v.getCountAtValueIteratedTo());
        }
        // every record read back once, by the client that loaded or inserted it, and found as written
        long inserted = op(result, PHASE + "/INSERT").count();
        assertThat(inserted).isPositive();
        assertThat(result.variants().get(0).verification().checked()).isEqualTo(1500 + inserted);
        assertThat(result.variants().get(0).verification().differed()).isZero();
        // the seconds are wall-clock seconds from the common start the clients agreed on, each holding every client
        List<TimelinePoint> seconds = phase.timeline();
        long first = seconds.get(0).epochSecond();
        assertThat(seconds).hasSizeBetween(3, 4);
        for (int s = 0; s < seconds.size(); s++) {
            assertThat(seconds.get(s).epochSecond()).isEqualTo(first + s);
            if (s < 3) {
                assertThat(seconds.get(s).clients()).as("second %d", s).containsExactly(0, 1, 2);
            }
        }
        assertThat(result.ranOn().clients()).hasSize(3)
                .allSatisfy(c -> assertThat(c.clock().clockOffsetMs()).isNotNull());
        assertThat(merged.out()).contains("clients: 3 shared the workload");

        Cli.Outcome missing = Cli.run("merge", out.resolve("c0").toString(), out.resolve("c2").toString(), "--out",
                out.resolve("bad").toString());
        assertThat(missing.code()).isEqualTo(ExitCode.MERGE_REFUSED);
        assertThat(missing.err()).contains("missing client 1/3");

        // a client that failed: the merge is written, named partial, and exits as a failed worker would
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode c1 = (com.fasterxml.jackson.databind.node.ObjectNode)
                json.readTree(out.resolve("c1").resolve("result.json").toFile());
        ((com.fasterxml.jackson.databind.node.ObjectNode) c1.path("variants").get(0)).put("failure",
                "client 1/3 was ready 29.7 s after --start-at");
        Path failed = Files.createDirectories(out.resolve("failed-c1"));
        json.writeValue(failed.resolve("result.json").toFile(), c1);
        Cli.Outcome partial = Cli.run("merge", out.resolve("c0").toString(), failed.toString(),
                out.resolve("c2").toString(), "--out", out.resolve("partial").toString());
        assertThat(partial.code()).as(partial.err()).isEqualTo(ExitCode.WORKER);
        assertThat(partial.err()).contains("the merged result is partial: client 1/3 (" + failed
                + "): driver4 failed: client 1/3 was ready 29.7 s after --start-at").doesNotContain("\tat ");
        assertThat(out.resolve("partial").resolve("result.json")).exists();
        org.junit.jupiter.api.Assumptions.assumeTrue(prometheus != null, "the clients ran and merged; no prometheus "
                + "on this machine to scrape them (Debian: apt-get install prometheus)");
    }

    /** What a Prometheus scraping the three clients holds of run {@code run}: what each and the merge measured. */
    private static void scrapedAsMeasured(Prometheus prometheus, String run, Merged three) throws Exception {
        String measured = "{run_id=\"" + run + "\", measured=\"true\"}";
        List<com.fasterxml.jackson.databind.JsonNode> each = prometheus.query(
                "max_over_time(cqlbench_operations_total" + measured + "[15m])");
        // the load and the phase's three kinds, per client
        assertThat(each).as(Files.readString(prometheus.log())).hasSize(12);
        for (com.fasterxml.jackson.databind.JsonNode sample : each) {
            int client = sample.path("metric").path("client").asInt();
            String operation = sample.path("metric").path("operation").asText();
            assertThat(Prometheus.value(sample)).as("client %d, %s", client, operation)
                    .isEqualTo(op(three.each().get(client), operation).count());
        }
        List<com.fasterxml.jackson.databind.JsonNode> summed = prometheus.query(
                "sum by (operation) (max_over_time(cqlbench_operations_total" + measured + "[15m]))");
        assertThat(summed).hasSize(4);
        for (com.fasterxml.jackson.databind.JsonNode sample : summed) {
            String operation = sample.path("metric").path("operation").asText();
            assertThat(Prometheus.value(sample)).as(operation).isEqualTo(op(three.result(), operation).count());
        }
        for (String kind : List.of("READ", "UPDATE")) {
            String operation = PHASE + "/" + kind;
            Histogram merged = HistogramCodec.decode(op(three.result(), operation).histogram());
            for (double q : new double[] {0.5, 0.99}) {
                List<com.fasterxml.jackson.databind.JsonNode> quantile = prometheus.query("histogram_quantile(" + q
                        + ", sum by (le) (max_over_time(cqlbench_latency_seconds_bucket{run_id=\"" + run
                        + "\", measured=\"true\", operation=\"" + operation + "\"}[15m])))");
                assertThat(quantile).hasSize(1);
                double live = Prometheus.value(quantile.get(0));
                double exact = merged.getValueAtPercentile(q * 100) / 1e9;
                double[] bucket = dev.cqlbench.app.live.LiveMetrics.bucketAround(exact);
                assertThat(live).as("%s q%s: %s s live, %s s exact", operation, q, live, exact)
                        .isBetween(bucket[0], bucket[1]);
            }
        }
        List<com.fasterxml.jackson.databind.JsonNode> done = prometheus.query("max_over_time(cqlbench_phase{run_id=\""
                + run + "\", cqlbench_phase=\"done\"}[15m])");
        assertThat(done).as("every client's JVM was scraped once it was done").hasSize(3)
                .allSatisfy(d -> assertThat(Prometheus.value(d)).isEqualTo(1));
        assertThat(prometheus.labelValues("__name__", "{__name__=~\"cqlbench_.+\", run_id=\"" + run + "\"}"))
                .as("every family, but errors (none failed)").contains(
                "cqlbench_operations_total", "cqlbench_latency_seconds_bucket", "cqlbench_latency_seconds_sum",
                "cqlbench_in_flight", "cqlbench_schedule_lag_seconds", "cqlbench_intended_rate",
                "cqlbench_client_cpu_seconds_total", "cqlbench_client_gc_seconds_total", "cqlbench_phase",
                "cqlbench_round");
    }

    /** Two clients of the writes scenario meet in the cluster around every repetition; client 0 empties the table. */
    @Test
    void twoWritesClientsMeetAndMergeIntoTheOneClientTable(EmbeddedCassandra node, @TempDir Path out)
            throws Exception {
        String start = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(); // the barriers align them
        List<Launcher> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                Path dir = Files.createDirectories(out.resolve("w" + i));
                clients.add(new Launcher(dir, "run", "writes", "--forks", "1",
                        "--contact-points", node.contactPoint(), "--pattern",
                        "unlogged-batch", "--writes", "2000", "--batch-size", "100", "--locality", "40",
                        "--repetitions", "2", "--cycles", "1", "--warmup-writes", "200", "--client", i + "/2",
                        "--start-at", start, "--worker-heap-mb", "256", "--keyspace", "it_clients_writes", "--out",
                        dir.toString()));
            }
            allEndWell(clients);
        } finally {
            clients.forEach(Launcher::destroyAll);
        }

        Cli.Outcome merged = Cli.run("merge", out.toString(), "--out", out.resolve("merged").toString());

        assertThat(merged.code()).as(merged.err()).isEqualTo(ExitCode.OK);
        RunResult result = ResultFiles.read(out.resolve("merged").resolve("result.json"));
        OperationResult cell = op(result, "locality-40");
        assertThat(cell.count()).isEqualTo(2 * 2000);
        assertThat(cell.errors()).isZero();
        assertThat(result.blocks(result.variants().get(0).variant(), "locality-40")).extracting(Block::operations)
                .containsExactly(2000L, 2000L);
        // each client read its own rows back: together, every row of both repetitions once
        assertThat(result.variants().get(0).verification().checked()).isEqualTo(2 * 2000);
        assertThat(result.variants().get(0).verification().differed()).isZero();
        assertThat(cell.stateDigests()).as("the table's contents, named once").hasSize(1);
    }
}
