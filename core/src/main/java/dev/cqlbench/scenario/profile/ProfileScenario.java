package dev.cqlbench.scenario.profile;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.result.Question;
import dev.cqlbench.analysis.Questions;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.profile.BadProfile;
import dev.cqlbench.profile.Features;
import dev.cqlbench.profile.Profile;
import dev.cqlbench.profile.ProfileTable;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.LibraryReport;
import dev.cqlbench.report.Sections;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.ScenarioRunner;
import dev.cqlbench.scenario.Scenario;
import dev.cqlbench.scenario.SchemaAdmin;
import java.util.List;

/**
 * A user's own table and queries, described as a cassandra-stress user profile: every library that can express it,
 * in paired rounds, against the driver, each row written read back through the same library and compared.
 */
public final class ProfileScenario extends Scenario<ProfilePlan> {

    static final String NAME = "profile";

    public ProfileScenario() {
        super(NAME, ProfilePlan.class, ProfileOptions::new,
                "Your own table: a cassandra-stress user profile (--profile FILE.yaml) through every library that can "
                + "express it, in paired rounds: time and CPU per insert and per query against the driver, with "
                + "intervals; every row written read back and compared.",
                List.of());
    }

    /**
     * The profile's types, table and other definitions, in the run's keyspace; when it is missing, created by the
     * profile's {@code keyspace_definition} on a cluster cqlbench did not start (there only with
     * {@code --apply-definitions}), with the run's replication on nodes it started or when the profile has none. A definition
     * the server refuses is the profile's mistake: its line, and the server's words.
     */
    @Override
    public String prepareSchema(ProfilePlan plan, SchemaAdmin admin) {
        Profile profile = plan.profile();
        String keyspace = plan.keyspace();
        if (!plan.apply() && !admin.ownCluster()) {
            if (!admin.tables(keyspace).contains(profile.table())) {
                throw new BadProfile(profile.file(), profile.line("table"), "table " + keyspace + "." + profile.table()
                        + " does not exist on the cluster; create it, or run with --apply-definitions to create it "
                        + "from the profile");
            }
            return "table " + keyspace + "." + profile.table() + " as it is (definitions not applied)";
        }
        List<String[]> columns = profile.columns().stream().map(c -> new String[] {c.name(), c.type()}).toList();
        boolean keyspaceExisted = admin.durableWrites(keyspace) != null;
        if (!keyspaceExisted) {
            // on the user's cluster the profile's own definition (its replication, its datacenters), in the run's
            // keyspace; on nodes cqlbench starts the run's replication, which their count allows
            boolean own = profile.keyspaceDefinition() != null && !admin.ownCluster();
            execute(admin, profile, own ? "keyspace_definition" : "keyspace", own
                    ? inKeyspace(profile.keyspaceDefinition(), keyspace)
                    : "CREATE KEYSPACE IF NOT EXISTS " + keyspace + " WITH replication = " + admin.replication());
        }
        for (Profile.UserType type : profile.types()) {
            execute(admin, profile, "types." + type.name(), type.definition().cql(keyspace)
                    .replaceFirst("(?i)^CREATE TYPE (IF NOT EXISTS )?", "CREATE TYPE IF NOT EXISTS "));
        }
        boolean created = !admin.tables(keyspace).contains(profile.table());
        try {
            admin.ensureTable(keyspace, profile.table(), columns, profile.tableDefinition().cql(keyspace));
        } catch (dev.cqlbench.scenario.SchemaClash e) {
            throw e;
        } catch (RuntimeException e) {
            throw refused(profile, "table_definition", e);
        }
        for (String extra : profile.extraDefinitions()) {
            execute(admin, profile, "extra_definitions", extra);
        }
        return "table " + keyspace + "." + profile.table() + (created ? " created" : " ready") + " from "
                + profile.file();
    }

    private static final java.util.regex.Pattern CREATE_KEYSPACE = java.util.regex.Pattern.compile(
            "(?is)^CREATE\\s+KEYSPACE\\s+(IF\\s+NOT\\s+EXISTS\\s+)?(\"[^\"]+\"|\\w+)");

    /** A profile's {@code CREATE KEYSPACE} made to create {@code keyspace} if it does not exist; other text as is. */
    static String inKeyspace(String definition, String keyspace) {
        String cql = definition.strip().replaceFirst(";\\s*$", "");
        java.util.regex.Matcher create = CREATE_KEYSPACE.matcher(cql);
        return create.find() ? "CREATE KEYSPACE IF NOT EXISTS " + keyspace + cql.substring(create.end()) : cql;
    }

    private static void execute(SchemaAdmin admin, Profile profile, String part, String cql) {
        try {
            admin.execute(cql);
        } catch (RuntimeException e) {
            throw refused(profile, part, e);
        }
    }

    private static BadProfile refused(Profile profile, String part, RuntimeException e) {
        String message = String.valueOf(e.getMessage()).lines().findFirst().orElse("").strip();
        return new BadProfile(profile.file(), profile.line(part.startsWith("types.") ? part
                : part.equals("keyspace") ? "keyspace" : part), "the server refused the " + part.replace("types.",
                "type ") + ": " + message);
    }

    @Override
    public ScenarioRunner runner(ProfilePlan plan, Binding binding, Variant variant, Instruments instruments)
            throws Exception {
        return new ProfileRunner(binding.open(new ProfileTable.On(plan.profile(), plan.keyspace())), plan,
                instruments);
    }

    @Override
    public Doc report(Reading reading, ProfilePlan plan) {
        RunResult result = reading.result();
        Doc out = LibraryReport.document(reading);
        out.append(String.format("%nprofile %s: table %s.%s, %d columns; what it asks of a library: %s%n",
                plan.profile().file(), plan.keyspace(), plan.profile().table(), plan.profile().columns().size(),
                String.join(", ", Features.of(plan.profile()))));
        Sections.footer(out, result, false);
        return out;
    }

    /** driver4: the driver every mapper of today is built on or compared with. */
    @Override
    public String reference() {
        return "driver4";
    }

    /** Compare mode: as many JVMs per library as the built-in scenarios; load mode: one, its phase is the measurement. */
    @Override
    public int forks(ProfilePlan plan) {
        return plan.loadMode() ? 1 : forks();
    }

    /** Load mode: each library's operations, their throughput and latency percentiles. */
    @Override
    public Doc key(Reading reading, ProfilePlan plan) {
        RunResult result = reading.result();
        if (!plan.loadMode()) {
            return super.key(reading, plan);
        }
        Doc out = new Doc();
        out.append(String.format("%nload: %s, %s%n", plan.modeLabel(), plan.load().count() > 0
                ? plan.load().count() + " operations" : plan.load().durationMillis() / 1000 + " s"));
        LibraryReport.latency(out, result);
        return out;
    }

    /**
     * Compare mode: each library against the reference and each mapper against its own driver, in time and client
     * CPU. Load mode asks nothing: it reports what the load did.
     */
    @Override
    public List<Question> questions(ProfilePlan plan, RunSettings settings) {
        if (plan.loadMode()) {
            return List.of();
        }
        return Questions.ofLibraries(settings, plan.operationLabels(), measures(plan));
    }
}
