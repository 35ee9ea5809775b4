package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * What the run found its Cassandra cluster to be, once opened.
 *
 * @param kind                      {@link #EMBEDDED} (started for the run), {@link #EMBEDDED_KEPT} (kept by 'cqlbench
 *                                  cluster start') or {@link #EXTERNAL}
 * @param nodes                     nodes cqlbench knows of (embedded); null for an external cluster
 * @param nodeAddresses             their addresses
 * @param embedded                  how cqlbench set up the nodes it started; nulls for a cluster it did not start
 * @param releaseVersion            the Cassandra version the admin connection saw
 * @param keptSince                 when 'cqlbench cluster start' started a kept cluster
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClusterFacts(String kind, Integer nodes, List<String> nodeAddresses, @JsonUnwrapped Embedded embedded,
                           String releaseVersion, String keptSince) {

    /**
     * How cqlbench set up the embedded nodes it started.
     *
     * @param cassandraHeapMb           heap of each embedded node
     * @param batchSizeFailThresholdKib embedded nodes' batch_size_fail_threshold
     * @param authentication            how the embedded nodes take logins
     * @param nodeSettings              the embedded nodes' settings that shape how they start and join (ring delay,
     *                                  gossip, tokens), as Cassandra names them
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Embedded(Integer cassandraHeapMb, Integer batchSizeFailThresholdKib, String authentication,
                           java.util.Map<String, String> nodeSettings) {
        public static final Embedded NONE = new Embedded(null, null, null, null);
    }

    public ClusterFacts {
        embedded = embedded == null ? Embedded.NONE : embedded;
    }

    public static final String EMBEDDED = "embedded";
    public static final String EMBEDDED_KEPT = "embedded-kept";
    public static final String EXTERNAL = "external";

    /** The same facts with the version the admin connection saw. */
    public ClusterFacts withReleaseVersion(String version) {
        return new ClusterFacts(kind, nodes, nodeAddresses, embedded, version, keptSince);
    }

    /** "3 embedded nodes", "1 embedded node", "external cluster": what was measured. */
    public String label() {
        String what = EMBEDDED_KEPT.equals(kind) ? EMBEDDED : kind;
        return nodes == null ? what + " cluster" : nodes + " " + what + " node" + (nodes == 1 ? "" : "s");
    }
}
