package dev.cqlbench.app.live;

import dev.cqlbench.app.Progress;
import dev.cqlbench.binding.Closer;
import dev.cqlbench.run.BadSetting;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The run's OpenMetrics / Prometheus endpoint ({@code --metrics-port}): the Prometheus client's own HTTP server on
 * {@code /metrics}, serving a {@link LiveMetrics} for the run's whole life. Started before anything else, so a port
 * that cannot be had is a bad setting, said before a node or a JVM starts.
 */
public final class MetricsEndpoint implements AutoCloseable {

    private final HTTPServer server;
    private final ExecutorService scrapes;
    private final LiveMetrics metrics;
    private final String address;

    private MetricsEndpoint(HTTPServer server, ExecutorService scrapes, LiveMetrics metrics, String address) {
        this.server = server;
        this.scrapes = scrapes;
        this.metrics = metrics;
        this.address = address;
    }

    /**
     * Listens on {@code host:port} (port 0: a free one) for scrapes of {@code metrics}.
     *
     * @throws BadSetting the port is taken, not allowed, or the host is not this machine's
     */
    public static MetricsEndpoint start(String host, int port, LiveMetrics metrics) {
        if (port < 0 || port > 65535) {
            throw new BadSetting("--metrics-port must be between 0 and 65535, got " + port);
        }
        PrometheusRegistry registry = new PrometheusRegistry();
        registry.register(metrics);
        // its own threads, so that closing waits for a scrape under way to be answered (the last counts go out)
        ExecutorService scrapes = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "cqlbench-metrics");
            t.setDaemon(true);
            return t;
        });
        try {
            HTTPServer server = HTTPServer.builder().hostname(host).port(port).registry(registry)
                    .executorService(scrapes).buildAndStart();
            // every interface: this machine's own name is one of them
            String shown = host.equals("0.0.0.0") || host.equals("::") ? "localhost"
                    : host.contains(":") ? "[" + host + "]" : host; // an IPv6 literal, bracketed in a URL
            return new MetricsEndpoint(server, scrapes, metrics, shown + ":" + server.getPort());
        } catch (IOException | RuntimeException e) {
            scrapes.shutdownNow();
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new BadSetting("--metrics-port: cannot listen on " + host + ":" + port + ": " + why);
        }
    }

    public int port() {
        return server.getPort();
    }

    /** Where it is scraped. */
    public String url() {
        return "http://" + address + "/metrics";
    }

    /**
     * The run is over: when someone scraped during the run, waits (at most {@code linger}, or until stopped) for one
     * more scrape, so the last counts are read before the endpoint goes; nobody scraped, no wait.
     */
    public void lastScrape(Duration linger, BooleanSupplier stop, Progress progress) {
        metrics.ended();
        if (!metrics.scrapedBefore() || linger.isZero()) {
            return;
        }
        progress.line(String.format("metrics: serving %s until it is scraped once more (at most %d s)", url(),
                linger.toSeconds()));
        long deadline = System.nanoTime() + linger.toNanos();
        while (!metrics.scrapedSinceEnd() && System.nanoTime() < deadline && !stop.getAsBoolean()) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
    }

    /** Stops listening once the scrapes under way are answered (at most 5 s). */
    @Override
    public void close() {
        scrapes.shutdown();
        Closer.awaitTermination(scrapes, Duration.ofSeconds(5));
        server.close();
    }
}
