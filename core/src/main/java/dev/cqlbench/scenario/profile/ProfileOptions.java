package dev.cqlbench.scenario.profile;

import dev.cqlbench.binding.Library;
import dev.cqlbench.binding.LibraryCatalog;
import dev.cqlbench.profile.BadProfile;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileReader;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.Repeats;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.run.Variant;
import dev.cqlbench.scenario.ClientOption;
import dev.cqlbench.scenario.ScenarioOptions;
import dev.cqlbench.scenario.Variants;
import dev.cqlbench.scenario.VerifyOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The profile scenario's options and their defaults; the command line's and tests' way to a {@link ProfilePlan}. */
public final class ProfileOptions extends ScenarioOptions<ProfilePlan> {

    @Option(names = "--profile", paramLabel = "FILE",
            description = "A cassandra-stress user profile (YAML): keyspace, table, table_definition, columnspec, "
                    + "insert, queries. Required.")
    String profile;

    @Option(names = "--mix", paramLabel = "OP=RATIO", split = ",",
            description = "The operations, as cassandra-stress's ops(...): insert=1,simple1=9. Compared one kind at a "
                    + "time; every query needs rows, so inserts run each round whether or not they are compared "
                    + "(default: insert and every query of the profile).")
    List<String> mix = new ArrayList<>();

    @Option(names = "--library", split = ",", paramLabel = "VARIANT",
            description = "Variants to compare, comma-separated, or 'all': every library that can express the "
                    + "profile; those that cannot are named with the reason (default: ${DEFAULT-VALUE}).")
    List<String> libraries = new ArrayList<>(List.of("driver4"));

    @Option(names = "--ops", description = "O: operations of each kind per repetition (default: ${DEFAULT-VALUE}, "
            + "fewer for a profile whose inserts hold thousands of rows: a round draws at most "
            + Defaults.PROFILE_ROWS_PER_ROUND + " rows).")
    int operations = DEFAULT_OPS;

    @Option(names = "--repetitions", description = "R: repetitions of each kind per cycle (default: ${DEFAULT-VALUE}).")
    int repetitions = 1;

    @Option(names = RunOption.CYCLES,
            description = "C: cycles (rounds); the most a run takes, fewer once its questions are "
                    + "answered (default: " + COMPARE_CYCLES + "; in load mode 1: one phase).")
    Integer cycles;

    @Option(names = "--mode", description = "compare: the libraries in paired rounds, each kind of operation on its "
            + "own, against the driver; load: cassandra-stress's way, the mix drawn by its ratios for --duration or "
            + "--count, closed loop or at --rate (default: ${DEFAULT-VALUE}).")
    String mode = "compare";

    @Option(names = "--duration", paramLabel = "TIME", description = "Load mode: length of the phase, e.g. 60s, 5m "
            + "(default: " + LOAD_DURATION + " unless --count is given).")
    String duration;

    @Option(names = "--count", paramLabel = "N", description = "Load mode: operations of the phase instead of "
            + "--duration (of all clients together with --client).")
    Long count;

    @Option(names = "--rate", paramLabel = "OPS", description = "Load mode: operations per second, open loop (latency "
            + "from each operation's intended start), of all clients together; 0: closed loop (default: 0).")
    double rate;

    @Option(names = "--threads", paramLabel = "N", description = "Load mode: dispatching threads, each with one "
            + "operation in flight (default: ${DEFAULT-VALUE}).")
    int threads = 16;

    @Mixin
    ClientOption client = new ClientOption();

    @Option(names = "--warmup-ops", description = "Operations of each kind per warm-up round; rounds go on while the "
            + "JIT compiler is busy, then are discarded (default: ${DEFAULT-VALUE}).")
    int warmupOps = 1000;

    @Option(names = "--apply-definitions", description = "On a cluster cqlbench did not start (--contact-points, "
            + "--target): run the profile's keyspace_definition (when the keyspace is missing, in the run's "
            + "--keyspace), table_definition and extra_definitions first; without it the table must exist. On nodes "
            + "cqlbench starts they always run, the keyspace with the run's replication.")
    boolean apply;

    @Mixin
    VerifyOption verify = new VerifyOption();

    /** Operations of each kind a block unless given. */
    static final int DEFAULT_OPS = 100;
    /** Cycles of a compare run unless given. */
    static final int COMPARE_CYCLES = 400;
    /** A load phase's length unless given. */
    static final String LOAD_DURATION = "60s";

    public ProfileOptions() {
        super(null);
    }

    /** A profile's operations allocate up to 200 KB each (driver 3's insert of the time-series example). */
    @Override
    public boolean preTouchedHeap() {
        return true;
    }

    @Override
    public ProfilePlan plan() {
        if (profile == null || profile.isBlank()) {
            throw new BadSetting("--profile is required: a cassandra-stress user profile (YAML), e.g. "
                    + "--profile profiles/timeseries.yaml");
        }
        Profile read = ProfileReader.read(Path.of(profile), profile);
        Checks.positive("--ops", operations);
        Checks.positive("--repetitions", repetitions);
        Checks.notNegative("--warmup-ops", warmupOps);
        String space = keyspace != null ? keyspace : read.keyspace();
        Checks.keyspace(space);
        ProfilePlan.Load load = load();
        int rounds = cycles != null ? cycles : load == null ? COMPARE_CYCLES : 1;
        Checks.positive(RunOption.CYCLES, rounds);
        dev.cqlbench.run.ClientShard shard = client.shard();
        if (shard.shared() && load == null) {
            throw new BadSetting("--client " + client.given() + " shares a load: it needs --mode load");
        }
        if (shard.shared() && (rounds > 1 || repetitions > 1)) {
            throw new BadSetting("--client " + client.given() + " runs one load phase (all clients start it "
                    + "together): drop --cycles and --repetitions");
        }
        if (load != null && load.count() > 0 && load.count() < shard.count()) {
            throw new BadSetting("--count " + load.count() + " is fewer than the " + shard.count() + " clients");
        }
        int ops = operations;
        int warmup = warmupOps;
        if (load == null) {
            // a round's inserts are drawn before it is timed: as many rows as a worker holds, not more
            int fit = insertsPerRound(read);
            if ((long) operations * repetitions > fit) {
                if (operations != DEFAULT_OPS || repetitions != 1) {
                    throw new BadSetting("--ops " + operations + (repetitions > 1 ? " × --repetitions " + repetitions
                            : "") + " inserts of up to " + Math.round(Features.rowsPerInsertMax(read)) + " rows each "
                            + "are more rows than a worker draws for a round (" + Defaults.PROFILE_ROWS_PER_ROUND
                            + "): at most " + fit + " inserts a round");
                }
                ops = fit;
            }
            warmup = Math.min(warmupOps, fit);
        }
        return new ProfilePlan(read, mix(read), ops, new Repeats(repetitions, rounds, warmup, seed, space),
                verify.verify(), apply, load, shard);
    }

    /** How many of the profile's inserts a round may draw: {@link Defaults#PROFILE_ROWS_PER_ROUND} rows at most. */
    static int insertsPerRound(Profile profile) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE,
                Defaults.PROFILE_ROWS_PER_ROUND / Math.max(1, Features.rowsPerInsertMax(profile))));
    }

    /** The load mode's settings (null in compare mode, where its options are refused). */
    private ProfilePlan.Load load() {
        if (mode.equals("compare")) {
            if (duration != null || count != null || rate != 0 || client.given() != null) {
                throw new BadSetting("--duration, --count, --rate and --client are for --mode load");
            }
            return null;
        }
        if (!mode.equals("load")) {
            throw new BadSetting("--mode must be compare or load, got '" + mode + "'");
        }
        if (duration != null && count != null) {
            throw new BadSetting("give either --duration or --count, not both");
        }
        long millis = count != null ? 0 : dev.cqlbench.scenario.mixes.MixesOptions.millis("--duration",
                duration == null ? LOAD_DURATION : duration);
        Checks.positiveIfGiven("--count", count);
        if (rate < 0) {
            throw new BadSetting("--rate must be 0 (closed loop) or more");
        }
        Checks.positive("--threads", threads);
        return new ProfilePlan.Load(millis, count == null ? 0 : count, rate, threads);
    }

    /** The mix typed, checked against the profile's queries; insert and every query when none is typed. */
    private Map<String, Integer> mix(Profile read) {
        Map<String, Integer> ratios = new LinkedHashMap<>();
        if (mix.isEmpty()) {
            ratios.put(Profile.INSERT, 1);
            read.queries().keySet().forEach(q -> ratios.put(q, 1));
            return ratios;
        }
        for (String part : mix) {
            String[] kv = part.strip().split("=", 2);
            String name = kv[0].strip().toLowerCase(Locale.ROOT);
            int ratio;
            try {
                ratio = kv.length == 1 ? 1 : Integer.parseInt(kv[1].strip());
            } catch (NumberFormatException e) {
                throw new BadSetting("--mix " + part + ": the ratio is a whole number, e.g. insert=1,simple1=9");
            }
            if (!name.equals(Profile.INSERT) && !read.queries().containsKey(name)) {
                throw new BadProfile(read.file(), read.line("queries"), "--mix names " + name + ", which the profile "
                        + "lacks; its operations: " + String.join(", ", operations(read)));
            }
            if (ratio < 0) {
                throw new BadSetting("--mix " + part + ": a ratio is 0 or more");
            }
            if (ratios.put(name, ratio) != null) {
                throw new BadSetting("--mix names " + name + " twice");
            }
        }
        ratios.values().removeIf(r -> r == 0);
        if (ratios.isEmpty()) {
            throw new BadSetting("--mix has no operation with a ratio above 0");
        }
        return ratios;
    }

    private static List<String> operations(Profile read) {
        List<String> names = new ArrayList<>(List.of(Profile.INSERT));
        names.addAll(read.queries().keySet());
        return names;
    }

    /**
     * What of {@code profile} {@code library} declares it cannot express ({@link Features#missing}), each feature
     * described with the library's reason: {@code type vector (driver 3.x has no vector type…); …}; null when it can
     * run the profile whole. Decided from the declaration alone, before any worker starts (and by the contract every
     * binding passes, which checks that the rest runs).
     */
    public static String refusal(Library library, Profile profile) {
        Map<String, String> missing = Features.missing(library, profile);
        if (missing.isEmpty()) {
            return null;
        }
        return String.join("; ", missing.entrySet().stream()
                .map(e -> Features.describe(e.getKey()) + " (" + e.getValue() + ")").toList());
    }

    /**
     * The libraries asked for that can express the profile; with {@code all}, those that cannot are left out with a
     * note that says what and why; named, they are refused with that line.
     */
    @Override
    public Chosen<ProfilePlan> choose(LibraryCatalog catalog) {
        ProfilePlan plan = plan();
        List<Variant> variants = Variants.resolve(libraries, ProfileScenario.NAME,
                Variants.ofLibraries(catalog, ProfileTable.class), catalog);
        List<String> notes = new ArrayList<>();
        List<Variant> able = new ArrayList<>();
        for (Variant variant : variants) {
            String refused = refusal(variant.library(), plan.profile());
            if (refused == null) {
                able.add(variant);
                continue;
            }
            String why = variant.name() + " cannot run this profile: " + refused;
            if (!libraries.contains("all")) {
                throw new BadSetting(why);
            }
            notes.add(why);
        }
        catalog.all().stream().filter(l -> !l.implementsCapability(ProfileTable.class) && !l.sql()
                && libraries.contains("all")).map(Library::name).forEach(name -> notes.add(name
                + " cannot run profiles yet: its binding has no ProfileTable"));
        if (able.isEmpty()) {
            throw new BadSetting("no library asked for can run this profile: " + String.join("; ", notes));
        }
        if (!plan.loadMode() && plan.operations() < operations) {
            notes.add("up to " + Math.round(Features.rowsPerInsertMax(plan.profile())) + " rows an insert: "
                    + plan.operations() + " inserts a block (--ops), as a round draws at most "
                    + Defaults.PROFILE_ROWS_PER_ROUND + " rows");
        }
        return new Chosen<>(plan, able, notes);
    }
}
