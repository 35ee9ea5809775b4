package dev.cqlbench.scenario.scaleout;

import dev.cqlbench.binding.Binding;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.result.ChartSpec;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.Variant;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.scenario.Scenario;
import dev.cqlbench.scenario.SchemaAdmin;
import dev.cqlbench.scenario.mixes.MixesPlan;
import dev.cqlbench.scenario.mixes.MixesReport;
import dev.cqlbench.scenario.mixes.MixesScenario;
import dev.cqlbench.scenario.mixes.MixesVerdicts;
import java.util.List;

/**
 * Study 05's scale-out: what happens to throughput and latency while a node joins (or leaves) mid-run? One mix of the
 * mixes scenario, run on nodes it starts, with a node added on the run phase's clock ({@link
 * dev.cqlbench.run.ClusterSchedule}).
 */
public final class ScaleOutScenario extends Scenario<MixesPlan> {

    private final MixesScenario mixes = new MixesScenario();

    public ScaleOutScenario() {
        super("scale-out", MixesPlan.class, ScaleOutOptions::new,
                "Study 05's scale-out: one mix runs at a fixed concurrency (or rate) on an embedded cluster while one more "
                + "node bootstraps into it mid-run (and optionally is decommissioned): per-second throughput and "
                + "latency with the join marked, the size and length of the dip, errors during the join, and how long "
                + "the join took.",
                // closed loop: the clients take what the cluster gives, so a join that costs throughput shows
                List.of("--nodes", "2", "--records", "10000", "--duration", "52s", "--add-node-at", "22s",
                        "--warmup-ops", "60000", "--warmup-max-s", "20", "--worker-heap-mb", "384"));
    }


    /**
     * One JVM per variant: a load runs one long phase per workload and reads its figures from the seconds of that
     * phase, which forks would split; its comparisons are between targets, not libraries.
     */
    @Override
    public int forks() {
        return 1;
    }

    @Override
    public boolean startsItsOwnNodes() {
        return true;
    }

    @Override
    public String prepareSchema(MixesPlan plan, SchemaAdmin admin) {
        return mixes.prepareSchema(plan, admin);
    }

    @Override
    public ScenarioRunner runner(MixesPlan plan, Binding binding, Variant variant, Instruments instruments)
            throws Exception {
        return mixes.runner(plan, binding, variant, instruments);
    }

    @Override
    public Doc report(RunResult result, MixesPlan plan) {
        return MixesReport.document(result, plan, true);
    }

    @Override
    public Doc key(RunResult result, MixesPlan plan) {
        return MixesReport.key(result, plan);
    }

    @Override
    public List<Verdict> verdicts(RunResult result, MixesPlan plan) {
        return MixesVerdicts.scaleOut(result, plan);
    }

    @Override
    public List<ChartSpec> charts(MixesPlan plan) {
        return mixes.charts(plan);
    }
}
