package dev.cqlbench.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;

/**
 * Everything a run is asked to do, typed: produced by the command line or built directly by tests (one options type,
 * two producers, as JMH's), executed by the orchestrator, and recorded whole in the result (secrets left out).
 *
 * @param scenario  the registered scenario's name
 * @param variants  what the run compares, in the user's order
 * @param plan      what every worker runs
 * @param servers   the clusters and database it talks to, and what happens to them meanwhile
 * @param processes how its worker JVMs are forked, watched and placed
 * @param asked     what it asks, and how sure the answers must be
 * @param command   the options the run was asked with, as typed after {@code run <scenario>} ({@code --out} left
 *                  out; no option takes a password itself): what a report repeats when it says which run would
 *                  answer more; empty for runs built in code and older results that lack it
 */
@RecordBuilder
public record RunSettings(
        String scenario,
        List<Variant> variants,
        ScenarioPlan plan,
        Servers servers,
        Processes processes,
        Asked asked,
        List<String> command) {

    public RunSettings {
        variants = variants == null ? List.of() : List.copyOf(variants);
        servers = servers == null ? Servers.defaults() : servers;
        processes = processes == null ? Processes.defaults() : processes;
        asked = asked == null ? Asked.defaults() : asked;
        command = command == null ? List.of() : List.copyOf(command);
    }

    /** The variant every other is compared with: {@link Asked#reference} if it runs, else the first variant. */
    @JsonIgnore
    public String referenceVariant() {
        List<String> names = variantNames();
        String reference = asked.reference();
        return reference != null && names.contains(reference) ? reference : names.isEmpty() ? null : names.get(0);
    }

    /** Settings built in code (the command line's, tests'): a part not set is at its defaults once built. */
    public static RunSettingsBuilder builder() {
        return RunSettingsBuilder.builder();
    }

    public RunSettingsBuilder toBuilder() {
        return RunSettingsBuilder.builder(this);
    }

    /** Whether some variant talks to Cassandra. */
    public boolean needsCassandra() {
        return variants.stream().anyMatch(v -> !v.library().sql());
    }

    /** Whether some variant talks to the relational database. */
    public boolean needsSql() {
        return variants.stream().anyMatch(v -> v.library().sql());
    }

    /** The cluster {@code variant} runs on. */
    public TargetSettings targetOf(Variant variant) {
        return variant.target() == null ? servers.target() : servers.targets().get(variant.target());
    }

    @JsonIgnore
    public List<String> variantNames() {
        return variants.stream().map(Variant::name).toList();
    }
}
