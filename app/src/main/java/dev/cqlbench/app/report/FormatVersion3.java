package dev.cqlbench.app.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.cqlbench.measure.AuditedCounts;
import dev.cqlbench.result.OperationCounts;
import dev.cqlbench.result.Verification;
import dev.cqlbench.scenario.Json;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Results of format versions 1 to 3 kept what an operation counted besides its timings as free-form {@code notes}
 * ({@code checked}, {@code jitMillis}, {@code server.cql.prepared}, …): read as this version's, each operation's
 * notes become its typed {@link OperationCounts}. Notes of no known name were what the binding's store counted
 * (hatshop's retries).
 */
final class FormatVersion3 {

    private static final String SERVER = "server.";
    private static final String COORDINATED = SERVER + "coordinated.node";

    private FormatVersion3() {}

    /** The tree with every operation's {@code notes} replaced by {@code counts}; the version number left as it was. */
    static JsonNode countsFromNotes(JsonNode tree) {
        for (JsonNode variant : tree.path("variants")) {
            for (JsonNode op : variant.path("operations")) {
                if (op instanceof ObjectNode o && o.has("notes")) {
                    Map<String, Long> notes = new TreeMap<>();
                    for (Iterator<Map.Entry<String, JsonNode>> it = o.get("notes").fields(); it.hasNext(); ) {
                        Map.Entry<String, JsonNode> e = it.next();
                        notes.put(e.getKey(), e.getValue().asLong());
                    }
                    o.remove("notes");
                    o.set("counts", Json.pretty().valueToTree(counts(notes)));
                }
            }
        }
        return tree;
    }

    static OperationCounts counts(Map<String, Long> notes) {
        Map<String, Long> n = new TreeMap<>(notes);
        long rowsVerified = take(n, "rowsVerified");
        Long checked = n.remove("checked");
        Verification verification = new Verification(checked != null ? checked : rowsVerified, take(n, "differed"),
                take(n, "unverifiable"));
        take(n, "jitMillis"); // its blocks carry the JIT compiler's time
        long requests = take(n, "requests");
        long partitions = take(n, "partitions");
        long unacknowledged = take(n, "rowsPresentUnacknowledged");
        long records = take(n, "recordsAtEnd");
        long operations = take(n, SERVER + "operations");
        long blocks = take(n, SERVER + "blocks");
        long unreadable = take(n, SERVER + "unreadable");
        Map<String, Long> counters = new TreeMap<>();
        List<Long> coordinated = new ArrayList<>();
        Map<String, Long> store = new TreeMap<>();
        n.forEach((k, v) -> {
            if (k.startsWith(COORDINATED)) {
                int node = Integer.parseInt(k.substring(COORDINATED.length()));
                while (coordinated.size() < node) {
                    coordinated.add(0L);
                }
                coordinated.set(node - 1, v);
            } else if (k.startsWith(SERVER)) {
                counters.put(k.substring(SERVER.length()), v);
            } else {
                store.put(k, v);
            }
        });
        AuditedCounts server = operations + blocks + unreadable == 0 && counters.isEmpty() ? null
                : new AuditedCounts(operations, blocks, unreadable, counters, coordinated);
        return new OperationCounts(verification, requests, partitions, unacknowledged, records, store, server);
    }

    private static long take(Map<String, Long> notes, String key) {
        Long v = notes.remove(key);
        return v == null ? 0 : v;
    }
}
