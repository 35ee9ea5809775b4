package dev.cqlbench.scenario.mixes;

import java.util.List;

/** Study 05: throughput and latency of standard read/update/insert/scan mixes at each concurrency. */
public final class MixesScenario extends WorkloadScenario {

    static final String NAME = "mixes";

    public MixesScenario() {
        super(NAME, MixesOptions::new,
                "Study 05: standard read/update/insert/scan mixes, YCSB style (load, then run), on driver 4: ops/s per "
                + "workload × concurrency, latency per operation type from full histograms (response and service time "
                + "in open loop), a per-second timeline, errors by kind, every read checked.",
                List.of("--workload", "read95_update5,insert90_read10", "--records", "10000", "--duration", "20s", "--concurrency", "16", "--warmup-ops", "20000", "--warmup-max-s", "10",
                "--worker-heap-mb", "384"), false);
    }
}
