package dev.cqlbench.result;

/**
 * Something that happened to the cluster while a variant's phase ran, placed on that phase's timeline.
 *
 * @param kind     e.g. join-start, join-end, decommission-start, decommission-end, failed
 * @param atSecond seconds since the phase began (the timeline's clock)
 * @param detail   one line: which node, how long, what went wrong
 */
public record RunEvent(String kind, String variant, String operation, double atSecond, String detail) {

    public static final String JOIN_START = "join-start";
    public static final String JOIN_END = "join-end";
    public static final String DECOMMISSION_START = "decommission-start";
    public static final String DECOMMISSION_END = "decommission-end";
    public static final String FAILED = "failed";
}
