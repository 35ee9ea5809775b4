package dev.cqlbench.result;

/**
 * An operation's full latency distributions, ns, HdrHistogram compressed base64, so that parts add up exactly.
 * Written inside its operation's JSON, beside its other fields.
 *
 * @param histogram        latencies of successful operations (open loop: from each operation's intended start)
 * @param serviceHistogram open loop: time from the actual start of each operation (service time); null in closed
 *                         loop
 */
public record Histograms(String histogram, String serviceHistogram) {

    /** Closed loop: the latencies alone. */
    public static Histograms of(String histogram) {
        return new Histograms(histogram, null);
    }
}
