package dev.cqlbench.app.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cqlbench.app.Progress;
import dev.cqlbench.measure.HistogramCodec;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.runner.LiveSecond;
import dev.cqlbench.worker.WorkerEvent;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The live metrics as a scraper reads them from a real endpoint: counts as the seconds told them, settling rounds
 * apart, buckets cumulative, the JVM's gauges; and quantiles read from the buckets the way Prometheus reads them
 * land in the bucket of the HdrHistogram's own percentile, on synthetic latencies with a known spread.
 */
class LiveMetricsTest {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{([^}]*)\\})? (\\S+)$");

    /**
     * A run of one variant: a settling second, two measured seconds (one with errors), a heartbeat, a block begun.
     * Values away from the bucket bounds: a value stands for its HdrHistogram bucket's highest equivalent value, as
     * the result's percentiles do.
     */
    static LiveMetrics fed() {
        LiveMetrics metrics = new LiveMetrics("run-7", "mixes", 2);
        LiveMetrics.Watch watch = metrics.watch("driver4", 0);
        watch.round(0, false);
        watch.accept(second(List.of(kind("w/READ", 10, Map.of(), histogram(100_000, 10)))));
        watch.round(1, true);
        watch.accept(new WorkerEvent.Section(1, "w", 0, true));
        watch.accept(second(List.of(kind("w/READ", 6, Map.of("WriteTimeoutException", 2L),
                histogram(1_900_000, 4)))));
        watch.accept(second(List.of(kind("w/READ", 3, Map.of(), histogram(40_000_000, 3)))));
        watch.accept(new WorkerEvent.Heartbeat(19, 2_500_000_000L, 40));
        return metrics;
    }

    private static WorkerEvent.Second second(List<LiveSecond.Kind> kinds) {
        return new WorkerEvent.Second(new LiveSecond(0, 0, 1_800_000_000L, kinds, 7, 0.003, 500));
    }

    private static LiveSecond.Kind kind(String operation, long completed, Map<String, Long> errors, Histogram h) {
        return new LiveSecond.Kind(operation, completed, errors, HistogramCodec.encode(h));
    }

    private static Histogram histogram(long nanos, int n) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(nanos, n);
        return h;
    }

    /** Every sample of a scrape: "name{labels}" → value. */
    static Map<String, Double> scrape(MetricsEndpoint endpoint) throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(endpoint.url())).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        Map<String, Double> out = new TreeMap<>();
        for (String line : response.body().split("\n")) {
            Matcher m = SAMPLE.matcher(line);
            if (!line.startsWith("#") && m.matches()) {
                out.put(m.group(1) + "{" + (m.group(3) == null ? "" : m.group(3)) + "}", Double.parseDouble(
                        m.group(4).replace("+Inf", "Infinity")));
            }
        }
        return out;
    }

    private static double value(Map<String, Double> samples, String name, String... labels) {
        List<Double> found = new ArrayList<>();
        samples.forEach((key, v) -> {
            if (key.startsWith(name + "{") && List.of(labels).stream().allMatch(l -> key.contains(l))) {
                found.add(v);
            }
        });
        assertThat(found).as(name + " " + List.of(labels)).hasSize(1);
        return found.get(0);
    }

    @Test
    void aScrapeReadsWhatTheWorkersTold() throws Exception {
        try (MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", 0, fed())) {
            Map<String, Double> s = scrape(endpoint);
            String run = "run_id=\"run-7\"";
            assertThat(value(s, "cqlbench_operations_total", run, "client=\"2\"", "scenario=\"mixes\"",
                    "variant=\"driver4\"", "operation=\"w/READ\"", "measured=\"true\"")).isEqualTo(9);
            assertThat(value(s, "cqlbench_operations_total", "measured=\"false\"")).as("the settling round apart")
                    .isEqualTo(10);
            assertThat(value(s, "cqlbench_errors_total", "error=\"WriteTimeoutException\"", "measured=\"true\""))
                    .isEqualTo(2);
            assertThat(value(s, "cqlbench_latency_seconds_count", "measured=\"true\"")).isEqualTo(7);
            assertThat(value(s, "cqlbench_latency_seconds_bucket", "measured=\"true\"", "le=\"0.002\""))
                    .as("cumulative: the 4 at 1.9 ms").isEqualTo(4);
            assertThat(value(s, "cqlbench_latency_seconds_bucket", "measured=\"true\"", "le=\"0.0015\""))
                    .isZero();
            assertThat(value(s, "cqlbench_latency_seconds_bucket", "measured=\"true\"", "le=\"0.05\""))
                    .as("and the 3 at 40 ms").isEqualTo(7);
            assertThat(value(s, "cqlbench_latency_seconds_bucket", "measured=\"true\"", "le=\"+Inf\""))
                    .isEqualTo(7);
            assertThat(value(s, "cqlbench_latency_seconds_sum", "measured=\"true\"")).isCloseTo(0.1276,
                    org.assertj.core.data.Offset.offset(0.001));
            assertThat(value(s, "cqlbench_in_flight", "jvm=\"1\"")).isEqualTo(7);
            assertThat(value(s, "cqlbench_intended_rate", "jvm=\"1\"")).isEqualTo(500);
            assertThat(value(s, "cqlbench_schedule_lag_seconds", "jvm=\"1\"")).isEqualTo(0.003);
            assertThat(value(s, "cqlbench_client_cpu_seconds_total", "jvm=\"1\"")).isEqualTo(2.5);
            assertThat(value(s, "cqlbench_client_gc_seconds_total", "jvm=\"1\"")).isEqualTo(0.04);
            assertThat(value(s, "cqlbench_round", "jvm=\"1\"")).isEqualTo(2);
            assertThat(value(s, "cqlbench_phase", "cqlbench_phase=\"measure\"")).isEqualTo(1);
            assertThat(value(s, "cqlbench_phase", "cqlbench_phase=\"warmup\"")).isZero();
            assertThat(value(s, "cqlbench_phase_code", "jvm=\"1\"")).as("measure, third of the phases")
                    .isEqualTo(LiveMetrics.PHASES.indexOf("measure"));
        }
    }

    @Test
    void whatHappensToTheClusterIsCountedByKindEveryKindFromTheStart() throws Exception {
        LiveMetrics metrics = fed();
        List<dev.cqlbench.result.RunEvent> events = java.util.Collections.synchronizedList(new ArrayList<>());
        metrics.clusterEvents(events);
        try (MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", 0, metrics)) {
            Map<String, Double> before = scrape(endpoint);
            for (String kind : LiveMetrics.EVENT_KINDS) {
                assertThat(value(before, "cqlbench_cluster_events_total", "kind=\"" + kind + "\"",
                        "run_id=\"run-7\"")).as(kind).isZero();
            }
            events.add(new dev.cqlbench.result.RunEvent(dev.cqlbench.result.RunEvent.JOIN_START, "driver4", "w", 12,
                    "127.0.0.3 joins"));
            events.add(new dev.cqlbench.result.RunEvent(dev.cqlbench.result.RunEvent.NODE_DOWN, "driver4", "w", 30,
                    "127.0.0.2 exited"));
            events.add(new dev.cqlbench.result.RunEvent(dev.cqlbench.result.RunEvent.NODE_DOWN, "driver4", "w", 31,
                    "127.0.0.3 exited"));
            Map<String, Double> after = scrape(endpoint);
            assertThat(value(after, "cqlbench_cluster_events_total", "kind=\"join-start\"")).isEqualTo(1);
            assertThat(value(after, "cqlbench_cluster_events_total", "kind=\"node-down\"")).isEqualTo(2);
            assertThat(value(after, "cqlbench_cluster_events_total", "kind=\"join-end\"")).isZero();
        }
    }

    @Test
    void anUnwatchedRunAsksNoSecondsOfItsWorkersAndTakesTheirEvents() {
        LiveMetrics unwatched = LiveMetrics.unwatched();
        assertThat(unwatched.watched()).isFalse();
        assertThat(new LiveMetrics("run-7", "crud", 0).watched()).isTrue();
        LiveMetrics.Watch watch = unwatched.watch("driver4", 0);
        watch.round(0, true);
        watch.accept(new WorkerEvent.Section(0, "write", 0, true));
        watch.done();
        assertThat(unwatched.scrapedBefore()).as("no one scraped it").isFalse();
    }

    @Test
    void aBlockThatEndsLeavesNothingInFlight() throws Exception {
        LiveMetrics metrics = fed();
        LiveMetrics.Watch other = metrics.watch("driver3", 1);
        other.accept(new WorkerEvent.Section(0, "w", 0, true));
        other.accept(second(List.of(kind("w/READ", 1, Map.of(), histogram(1_000, 1)))));
        other.accept(new WorkerEvent.Section(0, "w", 0, false));
        try (MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", 0, metrics)) {
            Map<String, Double> s = scrape(endpoint);
            assertThat(value(s, "cqlbench_in_flight", "variant=\"driver3\"", "jvm=\"2\"")).isZero();
            assertThat(value(s, "cqlbench_phase", "variant=\"driver3\"", "cqlbench_phase=\"verify\"")).isEqualTo(1);
            other.done();
            assertThat(value(scrape(endpoint), "cqlbench_phase", "variant=\"driver3\"", "cqlbench_phase=\"done\""))
                    .isEqualTo(1);
        }
    }

    /**
     * Prometheus's histogram_quantile (linear within the bucket where the rank falls, the first bucket from 0) over
     * the live buckets of log-normal latencies lands in the bucket holding the HdrHistogram's own percentile, or at
     * the bucket's edge when the rank falls on it.
     */
    @Test
    void quantilesFromTheBucketsLandInTheBucketOfTheExactPercentile() {
        Random random = new Random(42);
        for (double sigma : new double[] {0.3, 1.0, 2.0}) {
            Histogram exact = new Histogram(3);
            for (int i = 0; i < 200_000; i++) {
                exact.recordValue(Math.round(Math.exp(Math.log(800_000) + sigma * random.nextGaussian())));
            }
            LiveMetrics metrics = new LiveMetrics("r", "s", 0);
            LiveMetrics.Watch watch = metrics.watch("v", 0);
            watch.round(0, true);
            watch.accept(second(List.of(new LiveSecond.Kind("op", exact.getTotalCount(), Map.of(),
                    HistogramCodec.encode(exact)))));
            var point = ((io.prometheus.metrics.model.snapshots.HistogramSnapshot) metrics.collect().stream()
                    .filter(m -> m.getMetadata().getName().equals("cqlbench_latency_seconds")).findFirst()
                    .orElseThrow()).getDataPoints().get(0);
            var buckets = point.getClassicBuckets();
            for (double q : new double[] {0.5, 0.9, 0.99, 0.999}) {
                double rank = q * point.getCount();
                double lower = 0;
                long below = 0;
                double estimate = Double.NaN;
                int at = -1;
                for (int b = 0; b < buckets.size(); b++) {
                    long here = buckets.getCount(b);
                    if (below + here >= rank) {
                        double upper = buckets.getUpperBound(b);
                        estimate = lower + (upper - lower) * (rank - below) / here;
                        at = b;
                        break;
                    }
                    below += here;
                    lower = buckets.getUpperBound(b);
                }
                double percentile = exact.getValueAtPercentile(q * 100) / 1e9;
                int holding = LiveMetrics.bucket(percentile);
                assertThat(at).as("sigma %s, q %s: %s s from the buckets, %s s exact", sigma, q, estimate, percentile)
                        .isEqualTo(holding);
                double low = holding == 0 ? 0 : LiveMetrics.BUCKETS[holding - 1];
                assertThat(estimate).isBetween(low, LiveMetrics.BUCKETS[holding]);
            }
        }
    }

    @Test
    void aPortInUseIsABadSettingOfOneLine() {
        try (MetricsEndpoint first = MetricsEndpoint.start("127.0.0.1", 0, new LiveMetrics("r", "s", 0))) {
            assertThatThrownBy(() -> MetricsEndpoint.start("127.0.0.1", first.port(), new LiveMetrics("r", "s", 0)))
                    .isInstanceOf(BadSetting.class)
                    .hasMessageStartingWith("--metrics-port: cannot listen on 127.0.0.1:" + first.port() + ": ")
                    .hasMessageNotContaining("\n");
        }
        assertThatThrownBy(() -> MetricsEndpoint.start("127.0.0.1", 70000, new LiveMetrics("r", "s", 0)))
                .isInstanceOf(BadSetting.class).hasMessageContaining("between 0 and 65535");
    }

    @Test
    void theLastScrapeIsAwaitedOnlyWhenSomebodyScrapes() throws Exception {
        List<String> lines = new ArrayList<>();
        Progress progress = lines::add;
        try (MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", 0, fed())) {
            endpoint.lastScrape(Duration.ofMinutes(10), () -> false, progress);
            assertThat(lines).as("never scraped: no wait").isEmpty();
        }
        LiveMetrics metrics = fed();
        try (MetricsEndpoint endpoint = MetricsEndpoint.start("127.0.0.1", 0, metrics)) {
            scrape(endpoint);
            Thread scraper = new Thread(() -> {
                try {
                    while (!metrics.scrapedSinceEnd()) {
                        Thread.sleep(50);
                        scrape(endpoint);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            scraper.start();
            endpoint.lastScrape(Duration.ofMinutes(10), () -> false, progress);
            scraper.join();
            assertThat(metrics.scrapedSinceEnd()).isTrue();
            assertThat(lines).singleElement().asString().contains("until it is scraped once more");
        }
    }
}
