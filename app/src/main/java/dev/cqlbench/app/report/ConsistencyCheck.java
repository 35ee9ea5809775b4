package dev.cqlbench.app.report;

import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.runner.HatshopRunner;
import dev.cqlbench.scenario.hatshop.HatshopPlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Study 03's correctness rule, read off a result: after every replay each database held exactly the orders the
 * stream implies (per-order checksums compared by the worker), and all databases hold the same state (one
 * digest over every order's checksum). Empty problems: consistent.
 */
public final class ConsistencyCheck {

    private ConsistencyCheck() {}

    /** Replay labels (ALL, or ALL@n per step) → variant → the digests its replays left. */
    public static Map<String, Map<String, List<String>>> digests(RunResult result) {
        Map<String, Map<String, List<String>>> out = new LinkedHashMap<>();
        for (VariantResult variant : result.variants()) {
            for (OperationResult op : variant.operations()) {
                if (isReplay(op.operation())) {
                    out.computeIfAbsent(op.operation(), k -> new LinkedHashMap<>()).put(variant.variant(),
                            op.stateDigests() == null ? List.of() : op.stateDigests());
                }
            }
        }
        return out;
    }

    static boolean isReplay(String operation) {
        return operation.equals(HatshopPlan.ALL) || operation.startsWith(HatshopPlan.ALL + "@");
    }

    /**
     * Study 04's cells: every pattern writes the same rows at a locality, so each cycle's table contents (one
     * digest per cycle, "c&lt;cycle&gt;:…") must be the same for every pattern.
     */
    static boolean isWriteCell(String operation) {
        return operation.startsWith(dev.cqlbench.scenario.writes.WritesPlan.LABEL_PREFIX);
    }

    /** One line per problem found; empty when every database agrees with the stream and with each other. */
    public static List<String> problems(RunResult result) {
        List<String> problems = new ArrayList<>();
        for (VariantResult variant : result.variants()) {
            for (OperationResult op : variant.operations()) {
                long wrong = op.errorsByKind().getOrDefault(HatshopRunner.STATE_MISMATCH, 0L);
                if (wrong > 0) {
                    problems.add(variant.variant() + " " + op.operation() + ": " + wrong
                            + " order(s) differ from what the event stream implies (see orders-" + variant.variant()
                            + ".csv)");
                }
            }
        }
        Map<String, Map<String, List<String>>> cells = new LinkedHashMap<>();
        for (VariantResult variant : result.variants()) {
            for (OperationResult op : variant.operations()) {
                if (isWriteCell(op.operation()) && op.stateDigests() != null && !op.stateDigests().isEmpty()) {
                    cells.computeIfAbsent(op.operation(), k -> new LinkedHashMap<>()).put(variant.variant(),
                            op.stateDigests().stream().sorted().toList());
                }
            }
        }
        cells.forEach((label, byVariant) -> {
            // a cycle's digest exists only where every row of that cycle was acknowledged: compare cycles both have
            Map<String, Map<String, String>> byCycle = new LinkedHashMap<>();
            byVariant.forEach((variant, digests) -> digests.forEach(d -> {
                int colon = d.indexOf(':');
                byCycle.computeIfAbsent(d.substring(0, colon), k -> new LinkedHashMap<>())
                        .put(variant, d.substring(colon + 1));
            }));
            byCycle.forEach((cycle, digestByVariant) -> {
                if (digestByVariant.values().stream().distinct().count() > 1) {
                    problems.add(label + " " + cycle + ": patterns left different table contents " + digestByVariant);
                }
            });
        });
        digests(result).forEach((label, byVariant) -> {
            byVariant.forEach((variant, digests) -> {
                if (digests.size() > 1) {
                    problems.add(variant + " " + label + ": replays of the same events left different states "
                            + digests);
                }
            });
            List<String> distinct = byVariant.values().stream().flatMap(List::stream).distinct().toList();
            if (byVariant.size() > 1 && distinct.size() > 1) {
                StringBuilder line = new StringBuilder(label + ": databases disagree:");
                byVariant.forEach((variant, digests) -> line.append(' ').append(variant).append('=').append(digests));
                problems.add(line.toString());
            }
        });
        return problems;
    }
}
