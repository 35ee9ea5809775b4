package dev.cqlbench.app.orchestrate;

import dev.cqlbench.app.cluster.ClusterAdmin;
import dev.cqlbench.app.cluster.ClusterTarget;
import dev.cqlbench.app.cluster.TargetSettings;
import dev.cqlbench.app.cluster.Targets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/** One cluster per variant (comparing targets): each opened, its schema prepared, all closed at the end. */
final class MultiTarget implements AutoCloseable {

    private final Map<String, ClusterTarget> byVariant = new LinkedHashMap<>();
    private final Map<String, String> versions = new LinkedHashMap<>();

    static MultiTarget open(RunSettings settings, Progress progress, BooleanSupplier stop) {
        MultiTarget multi = new MultiTarget();
        try {
            for (Map.Entry<String, TargetSettings> e : settings.variantTargets().entrySet()) {
                if (stop.getAsBoolean()) {
                    break;
                }
                progress.line("target " + e.getKey() + ":");
                ClusterTarget target = Targets.open(e.getValue(), progress, stop);
                multi.byVariant.put(e.getKey(), target);
                try (ClusterAdmin admin = ClusterAdmin.connect(target)) {
                    String version = admin.releaseVersion();
                    multi.versions.put(e.getKey(), version);
                    progress.line("target " + e.getKey() + ": Cassandra " + version + ", "
                            + Schemas.prepare(admin, target, settings, e.getValue().replicationFactor()));
                }
            }
        } catch (RuntimeException e) {
            multi.close();
            throw e;
        }
        return multi;
    }

    ClusterTarget forVariant(String variant) {
        return byVariant.get(variant);
    }

    /** Every target's Cassandra version, by variant. */
    Map<String, String> versions() {
        return versions;
    }

    /** What the result records of each opened target (nodes, heap…), by variant. */
    Map<String, Object> describe() {
        Map<String, Object> out = new LinkedHashMap<>();
        byVariant.forEach((variant, target) -> {
            Map<String, Object> d = new LinkedHashMap<>(target.describe());
            d.put("kind", target.kind());
            out.put(variant, d);
        });
        return out;
    }

    @Override
    public void close() {
        List<ClusterTarget> targets = new ArrayList<>(byVariant.values());
        java.util.Collections.reverse(targets);
        for (ClusterTarget t : targets) {
            try {
                t.close();
            } catch (RuntimeException ignored) {
                // the others still close
            }
        }
    }
}
