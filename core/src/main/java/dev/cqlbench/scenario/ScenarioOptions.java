package dev.cqlbench.scenario;

import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.run.ScenarioPlan;
import dev.cqlbench.run.Servers;
import dev.cqlbench.run.Variant;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * A scenario's options: one type with two producers (as JMH's), the command line (its picocli annotations) and code,
 * which gives the same words ({@link #with}). The initial value of each field is that option's default, shown by {@code --help}: a
 * scenario's defaults live here and nowhere else. Building the plan validates once, with messages that name the
 * option.
 *
 * @param <P> the scenario's plan
 */
public abstract class ScenarioOptions<P extends ScenarioPlan> {

    @Option(names = RunOption.SEED,
            description = "Seed of the generated data and of the variant order; the same seed repeats the run "
                    + "(default: ${DEFAULT-VALUE}).")
    protected long seed = Defaults.SEED;

    @Option(names = "--keyspace", description = "Keyspace of the scenario's tables (default: ${DEFAULT-VALUE}).")
    protected String keyspace;

    protected ScenarioOptions(String defaultKeyspace) {
        this.keyspace = defaultKeyspace;
    }

    /** What these options choose: the plan, the variants to compare, and lines worth telling the user. */
    public record Chosen<P extends ScenarioPlan>(P plan, List<Variant> variants, List<String> notes) {}

    /** The plan these options describe, validated ({@link dev.cqlbench.run.BadSetting} names the option). */
    public abstract P plan();

    /** The plan and the variants, which come from the declared libraries. */
    public abstract Chosen<P> choose(LibraryCatalog catalog);

    /**
     * The run's servers as the scenario needs them: its own defaults for the target (a cluster size, a batch
     * threshold), its relational database, its cluster schedule. Nothing by default.
     */
    public Servers adjust(Servers servers, P plan) {
        return servers;
    }

    /** The heap of each worker JVM unless the user gives one. */
    public int workerHeapMb() {
        return Defaults.WORKER_HEAP_MB;
    }

    /**
     * Whether each worker's heap is committed and touched whole when its JVM starts, where the machine's memory
     * holds them all ({@link Defaults#PRE_TOUCH_MEMORY_SHARE}): for scenarios whose operations allocate so much
     * that first writes to a growing heap show in their blocks. No by default: resident memory then shows what
     * each library uses.
     */
    public boolean preTouchedHeap() {
        return false;
    }

    /**
     * These options with the words a user would type applied: code's way to options (a test then reads like the
     * command it stands for, and goes through the same parsing and checks). Options not named keep their values:
     * no option declares a {@code defaultValue}, which picocli would apply again. Unknown or malformed words are
     * refused.
     */
    public ScenarioOptions<P> with(String... args) {
        try {
            new CommandLine(this).parseArgs(args);
        } catch (CommandLine.ParameterException e) {
            throw new BadSetting(e.getMessage());
        }
        return this;
    }

    /** The keyspace, checked. */
    protected String validKeyspace() {
        Checks.keyspace(keyspace);
        return keyspace;
    }
}
