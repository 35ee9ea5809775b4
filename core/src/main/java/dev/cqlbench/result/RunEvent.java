package dev.cqlbench.result;

/**
 * Something that happened to the cluster while a variant's phase ran, placed on that phase's timeline.
 *
 * @param kind     e.g. join-start, join-end, decommission-start, decommission-end, failed, node-down, cluster-down
 * @param atSecond seconds since the phase began (the timeline's clock)
 * @param detail   one line: which node, how long, what went wrong
 */
public record RunEvent(String kind, String variant, String operation, double atSecond, String detail) {

    public static final String JOIN_START = "join-start";
    public static final String JOIN_END = "join-end";
    public static final String DECOMMISSION_START = "decommission-start";
    public static final String DECOMMISSION_END = "decommission-end";
    public static final String FAILED = "failed";
    /** A node's process exited while the run measured (nobody asked it to). */
    public static final String NODE_DOWN = "node-down";
    /** Every node of the run's cluster is down: the run stopped. */
    public static final String CLUSTER_DOWN = "cluster-down";
}
