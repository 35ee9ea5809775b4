package dev.cqlbench.scenario.crud;

import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.binding.UserCrud;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.Repeats;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.run.Variant;
import dev.cqlbench.scenario.ScenarioOptions;
import dev.cqlbench.scenario.Variants;
import dev.cqlbench.scenario.VerifyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The crud scenario's options and their defaults; the command line's and tests' way to a {@link CrudPlan}. */
public final class CrudOptions extends ScenarioOptions<CrudPlan> {

    /** Operations in flight in async mode unless given. */
    public static final int ASYNC_CONCURRENCY = 64;

    @Option(names = "--library", split = ",", paramLabel = "VARIANT",
            description = "Variants to compare, comma-separated, or 'all' (default: ${DEFAULT-VALUE}).")
    List<String> libraries = new ArrayList<>(List.of("driver4"));

    @Option(names = "--ops", description = "O: operations per repetition (default: ${DEFAULT-VALUE}).")
    int operations = 100;

    @Option(names = "--repetitions",
            description = "R: repetitions of each operation type per cycle (default: ${DEFAULT-VALUE}).")
    int repetitions = 1;

    @Option(names = RunOption.CYCLES,
            description = "C: cycles (rounds), each with R×O new users; the most a run takes, "
                    + "fewer once --precision is met (default: ${DEFAULT-VALUE}).")
    int cycles = 400;

    @Option(names = "--warmup-ops", description = "Operations of each type per warm-up round; rounds go on while the "
            + "JIT compiler is busy, then are discarded (default: ${DEFAULT-VALUE}).")
    int warmupOps = 500;

    @Option(names = "--mode", description = "sync: one operation at a time (study 01); async: the library's async "
            + "API (default: ${DEFAULT-VALUE}).")
    String mode = "sync";

    @Option(names = "--concurrency", description = "Operations in flight in async mode (default: "
            + ASYNC_CONCURRENCY + "; sync mode is always 1).")
    Integer concurrency;

    @Mixin
    VerifyOption verify = new VerifyOption();

    private List<CrudOperation> only = List.of();
    private String userStream;

    public CrudOptions() {
        super(Defaults.KEYSPACE);
    }

    @Override
    public CrudPlan plan() {
        ExecutionMode executionMode;
        try {
            executionMode = ExecutionMode.valueOf(mode.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new BadSetting("--mode must be sync or async, got '" + mode + "'");
        }
        if (executionMode == ExecutionMode.SYNC && concurrency != null && concurrency != 1) {
            throw new BadSetting("--concurrency " + concurrency
                    + " needs --mode async; sync mode runs one operation at a time");
        }
        int inFlight = concurrency != null ? concurrency
                : executionMode == ExecutionMode.SYNC ? 1 : ASYNC_CONCURRENCY;
        Checks.positive("--ops", operations);
        Checks.positive("--repetitions", repetitions);
        Checks.positive(RunOption.CYCLES, cycles);
        Checks.notNegative("--warmup-ops", warmupOps);
        Checks.positive("--concurrency", inFlight);
        if ((long) operations * repetitions > Integer.MAX_VALUE) {
            throw new BadSetting("--ops × --repetitions is too large");
        }
        return new CrudPlan(operations, new Repeats(repetitions, cycles, warmupOps, seed, validKeyspace()),
                executionMode, inFlight, only, userStream, verify.verify(), List.of());
    }

    /**
     * The libraries asked for; in async mode those without an asynchronous API are refused when named, and left out
     * of {@code all} with a note.
     */
    @Override
    public Chosen<CrudPlan> choose(LibraryCatalog catalog) {
        CrudPlan plan = plan();
        List<Variant> variants = Variants.resolve(libraries, CrudScenario.NAME,
                Variants.ofLibraries(catalog, UserCrud.class), catalog);
        List<String> syncOnly = variants.stream().filter(v -> !v.library().async()).map(Variant::name).toList();
        List<String> notes = new ArrayList<>();
        if (plan.mode() == ExecutionMode.ASYNC && !syncOnly.isEmpty()) {
            if (!libraries.contains("all")) {
                throw new BadSetting(syncOnly.get(0) + " has no asynchronous API; run it with --mode sync");
            }
            notes.add("async mode: leaving out the sync-only " + syncOnly);
            variants = variants.stream().filter(v -> v.library().async()).toList();
        }
        return new Chosen<>(plan.withSyncOnly(syncOnly), variants, notes);
    }

    /** Only these operation types, in study order. */
    public CrudOptions only(List<CrudOperation> operations) {
        only = List.copyOf(operations);
        return this;
    }

    /** Users drawn under this name for every variant, so one variant reads what another wrote. */
    public CrudOptions userStream(String name) {
        userStream = name;
        return this;
    }
}
