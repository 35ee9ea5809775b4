package dev.cqlbench.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;
import java.util.Map;

/**
 * Everything a run is asked to do, typed: produced by the command line or built directly by tests (one options type,
 * two producers, as JMH's), executed by the orchestrator, and recorded whole in the result (secrets left out).
 *
 * @param scenario   the registered scenario's name
 * @param variants   what the run compares, in the user's order
 * @param plan       what every worker runs
 * @param target     the Cassandra cluster (of every variant without a target of its own)
 * @param targets    each variant target's own cluster, by target name ({@code --target} files); empty otherwise
 * @param sql        the relational database, for variants whose library talks SQL; null otherwise
 * @param worker     how workers are forked and watched
 * @param confidenceLevel the level of each figure's own interval
 * @param schedule   what happens to the cluster during timed blocks (scale-out); null: nothing
 * @param stopping   when rounds stop before the plan's last cycle; null (results of earlier versions): never
 * @param familyConfidence the level at which the comparisons a report marks hold jointly (0 in results of earlier
 *                   versions: {@link Defaults#FAMILY_CONFIDENCE})
 * @param forks      fresh JVMs each variant runs in, every one in every round (0 in results of earlier versions: 1)
 * @param reference  the variant every other is compared with, chosen before the data (the scenario's baseline
 *                   unless {@code --reference} names another); null: the first variant
 * @param command    the options the run was asked with, as typed after {@code run <scenario>} ({@code --out}
 *                   left out; no option takes a password itself): what a report repeats when it says which run would answer more; empty
 *                   for runs built in code and results of earlier versions
 * @param host       how the run uses this machine: CPU placement, idle workers paused (null in results of earlier
 *                   versions: the defaults)
 * @param questions  the user's own questions ({@code --question}), as typed: the run's primary questions in place of
 *                   its study's claims; empty for none
 */
@RecordBuilder
public record RunSettings(
        String scenario,
        List<Variant> variants,
        ScenarioPlan plan,
        TargetSettings target,
        Map<String, TargetSettings> targets,
        SqlSettings sql,
        WorkerSettings worker,
        double confidenceLevel,
        ClusterSchedule schedule,
        Stopping stopping,
        double familyConfidence,
        int forks,
        String reference,
        List<String> command,
        HostSettings host,
        List<String> questions) {

    public RunSettings {
        variants = List.copyOf(variants);
        targets = targets == null ? Map.of() : Map.copyOf(targets);
        familyConfidence = familyConfidence > 0 && familyConfidence < 1 ? familyConfidence
                : Defaults.FAMILY_CONFIDENCE;
        forks = Math.max(1, forks);
        command = command == null ? List.of() : List.copyOf(command);
        host = host == null ? HostSettings.defaults() : host;
        questions = questions == null ? List.of() : List.copyOf(questions);
    }

    /** The variant every other is compared with: {@link #reference} if it runs, else the first variant. */
    @JsonIgnore
    public String referenceVariant() {
        List<String> names = variantNames();
        return reference != null && names.contains(reference) ? reference : names.isEmpty() ? null : names.get(0);
    }

    /**
     * Settings built in code (the command line's, tests'): every field at its default until set; a target of its own
     * ({@link TargetSettings#builder()}), the defaults' confidence levels, stopping rule, forks and worker settings.
     */
    public static RunSettingsBuilder builder() {
        return RunSettingsBuilder.builder().variants(List.of()).target(TargetSettings.builder().build())
                .worker(WorkerSettings.defaults()).confidenceLevel(Defaults.CONFIDENCE).stopping(Stopping.defaults())
                .familyConfidence(Defaults.FAMILY_CONFIDENCE).forks(Defaults.FORKS).host(HostSettings.defaults());
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
        return variant.target() == null ? target : targets.get(variant.target());
    }

    @JsonIgnore
    public List<String> variantNames() {
        return variants.stream().map(Variant::name).toList();
    }
}
