package dev.cqlbench.run;

import com.fasterxml.jackson.annotation.JsonIgnore;
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

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder(this);
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

    public static final class Builder {
        private String scenario;
        private List<Variant> variants = List.of();
        private ScenarioPlan plan;
        private TargetSettings target = TargetSettings.builder().build();
        private Map<String, TargetSettings> targets = Map.of();
        private SqlSettings sql;
        private WorkerSettings worker = WorkerSettings.defaults();
        private double confidenceLevel = Defaults.CONFIDENCE;
        private ClusterSchedule schedule;
        private Stopping stopping = Stopping.defaults();
        private double familyConfidence = Defaults.FAMILY_CONFIDENCE;
        private int forks = Defaults.FORKS;
        private String reference;
        private List<String> command;
        private HostSettings host = HostSettings.defaults();
        private List<String> questions = List.of();

        Builder() {}

        Builder(RunSettings s) {
            scenario = s.scenario;
            variants = s.variants;
            plan = s.plan;
            target = s.target;
            targets = s.targets;
            sql = s.sql;
            worker = s.worker;
            confidenceLevel = s.confidenceLevel;
            schedule = s.schedule;
            stopping = s.stopping;
            familyConfidence = s.familyConfidence;
            forks = s.forks;
            reference = s.reference;
            command = s.command;
            host = s.host;
            questions = s.questions;
        }

        public Builder scenario(String value) {
            scenario = value;
            return this;
        }

        public Builder variants(List<Variant> value) {
            variants = value;
            return this;
        }

        public Builder plan(ScenarioPlan value) {
            plan = value;
            return this;
        }

        public Builder target(TargetSettings value) {
            target = value;
            return this;
        }

        public TargetSettings target() {
            return target;
        }

        public Builder targets(Map<String, TargetSettings> value) {
            targets = value;
            return this;
        }

        public Builder sql(SqlSettings value) {
            sql = value;
            return this;
        }

        public Builder worker(WorkerSettings value) {
            worker = value;
            return this;
        }

        public Builder confidenceLevel(double value) {
            confidenceLevel = value;
            return this;
        }

        public Builder schedule(ClusterSchedule value) {
            schedule = value;
            return this;
        }

        public Builder stopping(Stopping value) {
            stopping = value;
            return this;
        }

        public Builder familyConfidence(double value) {
            familyConfidence = value;
            return this;
        }

        public Builder forks(int value) {
            forks = value;
            return this;
        }

        public int forks() {
            return forks;
        }

        public Builder reference(String value) {
            reference = value;
            return this;
        }

        public Builder command(List<String> value) {
            command = value;
            return this;
        }

        public Builder host(HostSettings value) {
            host = value;
            return this;
        }

        public Builder questions(List<String> value) {
            questions = value;
            return this;
        }

        public RunSettings build() {
            return new RunSettings(scenario, variants, plan, target, targets, sql, worker, confidenceLevel, schedule,
                    stopping, familyConfidence, forks, reference, command, host, questions);
        }
    }
}
