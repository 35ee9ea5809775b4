package dev.cqlbench.scenario.scaleout;

import dev.cqlbench.run.RunOption;
import dev.cqlbench.scenario.mixes.WorkloadScenario;
import java.util.List;

/**
 * Study 05's scale-out: what happens to throughput and latency while a node joins (or leaves) mid-run? One mix of the
 * mixes scenario, run on nodes it starts, with a node added on the run phase's clock ({@link
 * dev.cqlbench.run.ClusterSchedule}).
 */
public final class ScaleOutScenario extends WorkloadScenario {

    public ScaleOutScenario() {
        super("scale-out", ScaleOutOptions::new,
                "Study 05's scale-out: one mix runs at a fixed concurrency (or rate) on an embedded cluster while one more "
                + "node bootstraps into it mid-run (and optionally is decommissioned): per-second throughput and "
                + "latency with the join marked, the size and length of the dip, errors during the join, and how long "
                + "the join took.",
                // closed loop: the clients take what the cluster gives, so a join that costs throughput shows
                List.of(RunOption.NODES, "2", "--records", "10000", "--duration", "44s", "--add-node-at", "20s",
                        "--warmup-ops", "60000", "--warmup-max-s", "12", "--worker-heap-mb", "384"), true);
    }
}
