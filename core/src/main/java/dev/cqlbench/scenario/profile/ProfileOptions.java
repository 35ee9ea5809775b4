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
import dev.cqlbench.run.Variant;
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

    @Option(names = "--ops", description = "O: operations of each kind per repetition (default: ${DEFAULT-VALUE}).")
    int operations = 100;

    @Option(names = "--repetitions", description = "R: repetitions of each kind per cycle (default: ${DEFAULT-VALUE}).")
    int repetitions = 1;

    @Option(names = "--cycles", description = "C: cycles (rounds); the most a run takes, fewer once its questions are "
            + "answered (default: ${DEFAULT-VALUE}).")
    int cycles = 400;

    @Option(names = "--warmup-ops", description = "Operations of each kind per warm-up round; rounds go on while the "
            + "JIT compiler is busy, then are discarded (default: ${DEFAULT-VALUE}).")
    int warmupOps = 1000;

    @Option(names = "--apply-definitions", description = "On a cluster given with --target: run the profile's "
            + "keyspace_definition, table_definition and extra_definitions first (on a cluster cqlbench starts they "
            + "always run, the keyspace with the run's replication). Without it the table must exist.")
    boolean apply;

    @Mixin
    VerifyOption verify = new VerifyOption();

    public ProfileOptions() {
        super(null);
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
        Checks.positive("--cycles", cycles);
        Checks.notNegative("--warmup-ops", warmupOps);
        String space = keyspace != null ? keyspace : read.keyspace();
        Checks.keyspace(space);
        return new ProfilePlan(read, mix(read), operations, repetitions, cycles, warmupOps, seed, space,
                verify.verify(), apply);
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
            Map<String, String> missing = Features.missing(variant.library(), plan.profile());
            if (missing.isEmpty()) {
                able.add(variant);
                continue;
            }
            String why = variant.name() + " cannot run this profile: " + String.join("; ", missing.entrySet().stream()
                    .map(e -> Features.describe(e.getKey()) + " (" + e.getValue() + ")").toList());
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
        return new Chosen<>(plan, able, notes);
    }
}
