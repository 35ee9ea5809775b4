package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.cluster.TargetSettings;
import dev.cqlbench.scenario.crud.CrudPlan;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything a crud run needs; produced by the command line or built directly by tests (one options type,
 * two producers, as JMH's Options).
 */
public record CrudSettings(
        List<BindingModule> variants,
        CrudPlan plan,
        TargetSettings target,
        List<String> workerJvmArgs,
        Duration workerTimeout,
        double confidenceLevel) {

    /** The full configuration as recorded in result.json. */
    public Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("scenario", "crud");
        out.put("variants", variants.stream().map(BindingModule::variant).toList());
        out.put("operationsPerRepetition", plan.operations());
        out.put("repetitions", plan.repetitions());
        out.put("cycles", plan.cycles());
        out.put("warmupOpsPerOperationType", plan.warmupOps());
        out.put("mode", plan.mode().label());
        out.put("concurrency", plan.concurrency());
        out.put("seed", plan.seed());
        out.put("keyspace", plan.keyspace());
        out.put("variantOrder", "seeded-random per cycle (seed + cycle)");
        out.put("confidenceLevel", confidenceLevel);
        out.put("workerJvmArgs", workerJvmArgs);
        out.put("workerTimeoutSeconds", workerTimeout.toSeconds());
        out.putAll(target.describe());
        return out;
    }
}
