package dev.cqlbench.app.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cqlbench.run.Asked;
import dev.cqlbench.run.Connection;
import dev.cqlbench.run.EmbeddedNodes;
import dev.cqlbench.run.Processes;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Servers;
import dev.cqlbench.run.TargetSettings;
import java.util.List;
import java.util.Map;

/**
 * Results of format versions 1 to 6 kept a run's settings, and each cluster's, as one flat object: read as this
 * version's, the settings' fields are grouped as {@link RunSettings} groups them ({@link Servers}, {@link Processes},
 * {@link Asked}), and each cluster's as {@link TargetSettings} does ({@link Connection}, {@link EmbeddedNodes}).
 * Pooled runs' parts are grouped too. A name that moved is renamed (a cluster's {@code nodes} became its embedded
 * nodes' {@code count}, {@code cassandraHeapMb} their {@code heapMb}).
 */
final class FormatVersion6 {

    private static final List<String> SERVERS = List.of("target", "targets", "sql", "schedule");
    private static final List<String> PROCESSES = List.of("forks", "worker", "host");
    private static final List<String> ASKED = List.of("reference", "questions", "confidenceLevel",
            "familyConfidence", "stopping");
    private static final List<String> CONNECTION = List.of("contactPoints", "datacenter", "username", "consistency",
            "requestTimeoutMillis", "driverOptions", "passwordGiven");
    /** A flat cluster's fields of its embedded nodes, by their names there. */
    private static final Map<String, String> EMBEDDED_NODES = Map.of("nodes", "count", "cassandraHeapMb", "heapMb",
            "workDir", "workDir", "keepWorkDir", "keepWorkDir", "startTimeoutSeconds", "startTimeoutSeconds",
            "batchSizeFailThresholdKib", "batchSizeFailThresholdKib", "batchSizeFailThresholdAuto",
            "batchSizeFailThresholdAuto", "authentication", "authentication");

    private FormatVersion6() {}

    /** The result {@code tree} with its settings, and its parts', grouped; the version number left as it was. */
    static JsonNode grouped(JsonNode tree) {
        if (tree.path("settings") instanceof ObjectNode settings && !settings.has("servers")) {
            ObjectNode servers = move(settings, "servers", SERVERS);
            target(servers.get("target"));
            servers.path("targets").forEach(FormatVersion6::target);
            move(settings, "processes", PROCESSES);
            move(settings, "asked", ASKED);
        }
        tree.path("parts").forEach(FormatVersion6::grouped);
        return tree;
    }

    /** A flat cluster {@code node} grouped into its connection and its embedded nodes; as it is if not flat. */
    static JsonNode target(JsonNode node) {
        if (node instanceof ObjectNode target && !target.has("connection")) {
            move(target, "connection", CONNECTION);
            ObjectNode nodes = target.putObject("embeddedNodes");
            EMBEDDED_NODES.forEach((flat, grouped) -> {
                JsonNode value = target.remove(flat);
                if (value != null) {
                    nodes.set(grouped, value);
                }
            });
        }
        return node;
    }

    /** Moves {@code fields} of {@code from} that it has into a new object {@code group} of it. */
    private static ObjectNode move(ObjectNode from, String group, List<String> fields) {
        ObjectNode to = from.objectNode();
        for (String field : fields) {
            JsonNode value = from.remove(field);
            if (value != null) {
                to.set(field, value);
            }
        }
        from.set(group, to);
        return to;
    }
}
