package dev.cqlbench.app.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cqlbench.binding.Library;
import dev.cqlbench.result.ClusterFacts;
import dev.cqlbench.result.Environment;
import dev.cqlbench.result.RunEvent;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.run.Asked;
import dev.cqlbench.run.ClusterSchedule;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.Processes;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.ScenarioPlan;
import dev.cqlbench.run.Servers;
import dev.cqlbench.run.SqlSettings;
import dev.cqlbench.run.TargetSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.run.WorkerSettings;
import dev.cqlbench.scenario.Json;
import dev.cqlbench.scenario.Scenario;
import dev.cqlbench.scenario.Scenarios;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Results of format version 1, read as this version's: their flat configuration map becomes the typed plan and
 * settings (what it did not record stays empty), their cluster description the cluster's facts, and their charts
 * those the scenario declares now. Everything measured is read as it is.
 */
final class FormatVersion1 {

    private FormatVersion1() {}

    static RunResult convert(JsonNode tree) throws JsonProcessingException {
        ObjectMapper json = Json.pretty();
        ObjectNode config = tree.path("configuration").isObject() ? (ObjectNode) tree.get("configuration").deepCopy()
                : json.createObjectNode();
        String scenarioName = tree.path("scenario").asText();
        Scenario<?> scenario = Scenarios.named(scenarioName);
        config.put("scenario", Json.nameOf(scenario.planType()));
        ScenarioPlan plan = json.treeToValue(config, ScenarioPlan.class);
        List<VariantResult> variants = new ArrayList<>();
        tree.path("variants").forEach(v -> variants.add(read(json, v, VariantResult.class)));
        Map<String, TargetSettings> targets = new LinkedHashMap<>();
        fields(config.path("targets")).forEach((variant, t) -> targets.put(variant,
                read(json, FormatVersion6.target(t.deepCopy()), TargetSettings.class)));
        List<Variant> asked = new ArrayList<>();
        for (VariantResult v : variants) {
            Library library = new Library(v.library(), v.libraryDescription(), false, List.of(), v.baseline(),
                    List.of(), "jdbc".equals(v.library()) ? Library.SQL : Library.CASSANDRA, null, null);
            asked.add(new Variant(v.variant(), library, v.libraryDescription(), Map.of(),
                    targets.containsKey(v.variant()) ? v.variant() : null));
        }
        Servers servers = new Servers(read(json, FormatVersion6.target(config.deepCopy()), TargetSettings.class),
                targets, sql(config), schedule(config));
        WorkerSettings worker = new WorkerSettings(read(json, config.path("workerJvmArgs"), List.class),
                config.path("workerTimeoutSeconds").asLong(Defaults.WORKER_TIMEOUT_SECONDS), null, false);
        RunSettings settings = RunSettings.builder().scenario(scenarioName).variants(asked).plan(plan)
                .servers(servers).processes(new Processes(1, worker, null))
                .asked(Asked.defaults().withConfidenceLevel(config.path("confidenceLevel").asDouble(Defaults.CONFIDENCE)))
                .build();
        Environment environment = read(json, tree.path("environment"), Environment.class);
        Map<String, ClusterFacts> clusters = new LinkedHashMap<>();
        fields(config.path("targetsOpened")).forEach((variant, t) -> clusters.put(variant,
                facts(t, t.path("kind").asText(ClusterFacts.EXTERNAL), null)));
        String kind = config.path("target").asText(ClusterFacts.EXTERNAL);
        ClusterFacts cluster = kind.startsWith("several") ? null
                : facts(config, kind, environment == null ? null : environment.cassandraVersion());
        List<RunEvent> events = new ArrayList<>();
        tree.path("events").forEach(e -> events.add(read(json, e, RunEvent.class)));
        return RunResult.of(new RunResult.Course(tree.path("startedAt").asText(), tree.path("finishedAt").asText(),
                        tree.path("partial").asBoolean(), tree.path("stopReason").isNull() ? null
                        : tree.path("stopReason").asText(null), events), settings,
                new RunResult.RanOn(cluster, clusters, environment, List.of()),
                variants, null, FormatVersion2.blocks(tree),
                new RunResult.Frame(null, null, Scenarios.charts(scenarioName, plan)));
    }

    private static ClusterFacts facts(JsonNode d, String kind, String version) {
        List<String> addresses = new ArrayList<>();
        d.path("nodeAddresses").forEach(a -> addresses.add(a.asText()));
        return new ClusterFacts(kind, d.has("nodes") ? d.get("nodes").asInt() : null,
                addresses.isEmpty() ? null : addresses,
                new ClusterFacts.Embedded(d.has("cassandraHeapMb") ? d.get("cassandraHeapMb").asInt() : null,
                d.has("batchSizeFailThresholdKib") ? d.get("batchSizeFailThresholdKib").asInt() : null,
                d.has("authentication") ? d.get("authentication").asText() : null, null), version,
                d.has("clusterStartedAt") ? d.get("clusterStartedAt").asText() : null);
    }

    private static SqlSettings sql(JsonNode config) {
        if (!config.has("sqlTarget")) {
            return null;
        }
        return new SqlSettings(config.path("jdbcUrl").isTextual() ? config.get("jdbcUrl").asText() : null,
                config.path("jdbcUsername").isTextual() ? config.get("jdbcUsername").asText() : null, null,
                Defaults.SQL_START_TIMEOUT_SECONDS);
    }

    private static ClusterSchedule schedule(JsonNode config) {
        if (!config.has("addNodeAtSeconds")) {
            return null;
        }
        JsonNode stream = config.path("streamThroughputMibPerSec");
        return new ClusterSchedule((long) (config.path("addNodeAtSeconds").asDouble() * 1000),
                (long) (config.path("decommissionAtSeconds").asDouble(0) * 1000),
                stream.isNumber() ? stream.asInt() : 0, List.of());
    }

    private static Map<String, JsonNode> fields(JsonNode node) {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            out.put(e.getKey(), e.getValue());
        }
        return out;
    }

    private static <T> T read(ObjectMapper json, JsonNode node, Class<T> type) {
        try {
            return node == null || node.isMissingNode() || node.isNull() ? null : json.treeToValue(node, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("format version 1: " + e.getOriginalMessage(), e);
        }
    }
}
