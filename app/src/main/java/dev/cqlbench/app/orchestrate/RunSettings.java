package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.cluster.TargetSettings;
import dev.cqlbench.scenario.ScenarioPlan;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a run needs; produced by the command line or built directly by tests (one options type,
 * two producers, as JMH's Options).
 *
 * @param plan     identical for every variant; its fields are recorded in the result
 * @param syncOnly requested variants whose library has no asynchronous API (left out of async runs)
 * @param scaleOut a node to add (and remove) while each run phase goes on; null for none
 * @param variantTargets each variant's own cluster (comparing targets: {@code --target}); null when every
 *                 variant uses {@code target}
 */
public record RunSettings(
        String scenario,
        List<BindingModule> variants,
        ScenarioPlan plan,
        TargetSettings target,
        List<String> workerJvmArgs,
        Duration workerTimeout,
        double confidenceLevel,
        List<String> syncOnly,
        dev.cqlbench.app.cluster.SqlSettings sql,
        ScaleOut scaleOut,
        Map<String, TargetSettings> variantTargets) {

    public RunSettings(String scenario, List<BindingModule> variants, ScenarioPlan plan, TargetSettings target,
                       List<String> workerJvmArgs, Duration workerTimeout, double confidenceLevel,
                       List<String> syncOnly, dev.cqlbench.app.cluster.SqlSettings sql, ScaleOut scaleOut) {
        this(scenario, variants, plan, target, workerJvmArgs, workerTimeout, confidenceLevel, syncOnly, sql, scaleOut,
                null);
    }

    /** The same settings with one more worker JVM argument. */
    public RunSettings withWorkerJvmArg(String arg) {
        List<String> args = new java.util.ArrayList<>(workerJvmArgs);
        args.add(arg);
        return new RunSettings(scenario, variants, plan, target, List.copyOf(args), workerTimeout, confidenceLevel,
                syncOnly, sql, scaleOut, variantTargets);
    }

    public RunSettings(String scenario, List<BindingModule> variants, ScenarioPlan plan, TargetSettings target,
                       List<String> workerJvmArgs, Duration workerTimeout, double confidenceLevel,
                       List<String> syncOnly) {
        this(scenario, variants, plan, target, workerJvmArgs, workerTimeout, confidenceLevel, syncOnly, null, null,
                null);
    }

    public RunSettings(String scenario, List<BindingModule> variants, ScenarioPlan plan, TargetSettings target,
                       List<String> workerJvmArgs, Duration workerTimeout, double confidenceLevel,
                       List<String> syncOnly, dev.cqlbench.app.cluster.SqlSettings sql) {
        this(scenario, variants, plan, target, workerJvmArgs, workerTimeout, confidenceLevel, syncOnly, sql, null,
                null);
    }

    /**
     * The scale-out experiment: {@code addAtMillis} after a run phase begins one node bootstraps into the
     * embedded cluster; {@code decommissionAtMillis} after it begins (if &gt; 0) the newest node is decommissioned.
     *
     * @param streamThroughputMib what {@code nodetool setstreamthroughput} would set, on every node; 0 = default
     */
    public record ScaleOut(long addAtMillis, long decommissionAtMillis, int streamThroughputMib) {}

    public boolean needsCassandra() {
        return variants.stream().anyMatch(v -> !v.sql());
    }

    public boolean needsSql() {
        return variants.stream().anyMatch(BindingModule::sql);
    }

    /** The full configuration as recorded in result.json. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("scenario", scenario);
        out.put("variants", variants.stream().map(BindingModule::variant).toList());
        out.put("syncOnly", syncOnly);
        out.putAll(dev.cqlbench.result.Json.pretty().convertValue(plan, Map.class));
        out.put("variantOrder", "seeded-random per cycle (seed + cycle)");
        out.put("confidenceLevel", confidenceLevel);
        out.put("workerJvmArgs", workerJvmArgs);
        out.put("workerTimeoutSeconds", workerTimeout.toSeconds());
        if (variantTargets != null) {
            Map<String, Object> targets = new LinkedHashMap<>();
            variantTargets.forEach((variant, t) -> targets.put(variant, t.describe()));
            out.put("targets", targets);
            out.put("target", "several (one per variant)");
        } else if (needsCassandra()) {
            out.putAll(target.describe());
        }
        if (needsSql() && sql != null) {
            out.putAll(sql.describe());
        }
        if (scaleOut != null) {
            out.put("addNodeAtSeconds", scaleOut.addAtMillis() / 1000.0);
            out.put("decommissionAtSeconds", scaleOut.decommissionAtMillis() > 0
                    ? scaleOut.decommissionAtMillis() / 1000.0 : null);
            out.put("streamThroughputMibPerSec", scaleOut.streamThroughputMib() > 0 ? scaleOut.streamThroughputMib()
                    : "Cassandra's default (24)");
        }
        return out;
    }
}
