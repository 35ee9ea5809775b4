package dev.cqlbench.run;

import java.util.List;

/**
 * Study 05's scale-out, as data: {@code addAtMillis} after each of the timed blocks named in {@code during} begins, one
 * node bootstraps into the embedded cluster; {@code decommissionAtMillis} after it begins (if &gt; 0) that node is
 * decommissioned again.
 *
 * @param streamThroughputMib what {@code nodetool setstreamthroughput} would set, on every node; 0 = default
 * @param during              the operation labels whose timed blocks carry the schedule (a workload's run phases)
 */
public record ClusterSchedule(long addAtMillis, long decommissionAtMillis, int streamThroughputMib,
                              List<String> during) {

    public ClusterSchedule {
        during = during == null ? List.of() : List.copyOf(during);
    }
}
