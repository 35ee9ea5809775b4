package dev.cqlbench.app.cli;

import dev.cqlbench.app.live.LiveMetrics;
import dev.cqlbench.app.live.MetricsEndpoint;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.Defaults;
import java.time.Duration;
import picocli.CommandLine.Option;

/** The live OpenMetrics / Prometheus endpoint of a run; shared by every scenario. */
public final class MetricsOptions {

    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Serve the run's live metrics (OpenMetrics / Prometheus text, /metrics) on this port for "
                    + "the run's whole life: operations, errors and latency per variant and operation, in-flight, "
                    + "lag, client CPU and GC, phase and round (0: a free port; default: none).")
    Integer port;

    @Option(names = "--metrics-host", paramLabel = "HOST",
            description = "The address the metrics endpoint listens on (default: ${DEFAULT-VALUE}, every "
                    + "interface).")
    String host = Defaults.METRICS_HOST;

    @Option(names = "--metrics-linger-s", paramLabel = "SECONDS",
            description = "Once the run is over, keep the endpoint up to this long for a last scrape, if it was "
                    + "scraped during the run (default: ${DEFAULT-VALUE}).")
    int lingerSeconds = Defaults.METRICS_LINGER_SECONDS;

    /** Whether the run is watched live. */
    boolean on() {
        return port != null;
    }

    /** The endpoint, listening, serving {@code metrics}; null when no port was asked for. */
    MetricsEndpoint start(LiveMetrics metrics) {
        if (port == null) {
            return null;
        }
        Checks.notNegative("--metrics-linger-s", lingerSeconds);
        return MetricsEndpoint.start(host, port, metrics);
    }

    Duration linger() {
        return Duration.ofSeconds(lingerSeconds);
    }
}
