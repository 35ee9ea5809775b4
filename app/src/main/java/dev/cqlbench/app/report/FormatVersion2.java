package dev.cqlbench.app.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.Measurement;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.scenario.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * Results of format versions 1 and 2 kept each operation's blocks under it ({@code repetitions}), one JVM per
 * variant: read as this version's, every block becomes one of {@link RunResult#blocks()}, fork 0.
 */
final class FormatVersion2 {

    private FormatVersion2() {}

    static RunResult convert(JsonNode tree) throws JsonProcessingException {
        RunResult r = Json.pretty().treeToValue(tree, RunResult.class);
        return RunResult.of(r.course(), r.settings(), r.ranOn(),
                r.variants(), r.rounds(), blocks(tree),
                new RunResult.Frame(null, null, r.frame().charts()));
    }

    /** Every block under every variant's operations. */
    static List<Block> blocks(JsonNode tree) {
        List<Block> out = new ArrayList<>();
        for (JsonNode v : tree.path("variants")) {
            String variant = v.path("variant").asText();
            for (JsonNode op : v.path("operations")) {
                String operation = op.path("operation").asText();
                for (JsonNode r : op.path("repetitions")) {
                    out.add(Block.builder().variant(variant).cycle(r.path("cycle").asInt())
                            .repetition(r.path("repetition").asInt()).operation(operation)
                            .measured(Measurement.of(r.path("operations").asLong(), r.path("totalNanos").asLong())
                            .withTypicalNanos(number(r, "typicalNanos")).withClientCpuNanos(number(r, "clientCpuNanos"))
                            .withServerCpuNanos(number(r, "serverCpuNanos"))).build());
                }
            }
        }
        return out;
    }

    private static Long number(JsonNode node, String field) {
        JsonNode n = node.path(field);
        return n.isNumber() ? n.asLong() : null;
    }
}
