package dev.cqlbench.app.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A real Prometheus (Debian's package) scraping cqlbench endpoints every second, asked through its HTTP API. Its
 * own data directory and port; stopped when closed.
 */
final class Prometheus implements AutoCloseable {

    private final Process process;
    private final int port;
    private final Path log;
    private final HttpClient http = HttpClient.newHttpClient();

    private Prometheus(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** $CQLBENCH_PROMETHEUS, else prometheus on the PATH. */
    static Optional<Path> find() {
        String given = System.getenv("CQLBENCH_PROMETHEUS");
        if (given != null && !given.isBlank() && Files.isExecutable(Path.of(given))) {
            return Optional.of(Path.of(given));
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "prometheus");
            if (!dir.isEmpty() && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** A free port on this machine, below the ephemeral range (whoever binds it next gets it). */
    static int freePort() throws IOException {
        return dev.cqlbench.server.cassandra.Ports.free("127.0.0.1");
    }

    /** Starts {@code binary} scraping {@code targets} (host:port) every second; waits until it is ready. */
    static Prometheus start(Path binary, Path dir, List<String> targets) throws Exception {
        Path config = dir.resolve("prometheus.yml");
        Files.writeString(config, "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n"
                + "  - job_name: cqlbench\n    static_configs:\n      - targets: ["
                + targets.stream().map(t -> "'" + t + "'").collect(Collectors.joining(", ")) + "]\n");
        int port = freePort();
        Path log = dir.resolve("prometheus.log");
        Process process = new ProcessBuilder(binary.toString(), "--config.file=" + config,
                "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Prometheus prometheus = new Prometheus(process, port, log);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("prometheus exited: " + Files.readString(log));
            }
            try {
                if (prometheus.get("/-/ready").statusCode() == 200) {
                    return prometheus;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        prometheus.close();
        throw new IllegalStateException("prometheus not ready in 60 s: " + Files.readString(log));
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The samples of an instant query: each one's labels (as JSON) and value. */
    List<JsonNode> query(String promql) throws IOException, InterruptedException {
        HttpResponse<String> response = get("/api/v1/query?query=" + URLEncoder.encode(promql,
                StandardCharsets.UTF_8));
        JsonNode body = new ObjectMapper().readTree(response.body());
        if (!"success".equals(body.path("status").asText())) {
            throw new IllegalStateException(promql + ": " + response.body());
        }
        List<JsonNode> out = new ArrayList<>();
        body.path("data").path("result").forEach(out::add);
        return out;
    }

    /** The values label {@code label} has among the series {@code match} selects (stale ones too). */
    List<String> labelValues(String label, String match) throws IOException, InterruptedException {
        HttpResponse<String> response = get("/api/v1/label/" + label + "/values?match[]="
                + URLEncoder.encode(match, StandardCharsets.UTF_8));
        JsonNode body = new ObjectMapper().readTree(response.body());
        if (!"success".equals(body.path("status").asText())) {
            throw new IllegalStateException(match + ": " + response.body());
        }
        List<String> out = new ArrayList<>();
        body.path("data").forEach(v -> out.add(v.asText()));
        return out;
    }

    /** A sample's value. */
    static double value(JsonNode sample) {
        return Double.parseDouble(sample.path("value").get(1).asText());
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    Path log() {
        return log;
    }
}
