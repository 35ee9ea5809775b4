package dev.cqlbench.scenario;

import dev.cqlbench.analysis.Reading;
import dev.cqlbench.result.Claim;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.LibraryReport;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.result.ChartSpec;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.ScenarioPlan;
import dev.cqlbench.run.Variant;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.ScenarioRunner;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;

/**
 * A scenario, whole: one study turned into one command. Its package holds everything it is (plan, options, runner,
 * schema, report); this descriptor names it and brings each part, and one line in
 * {@code META-INF/services/dev.cqlbench.scenario.Scenario} registers it. The orchestrator, the command line, the
 * demo and the reports find scenarios through {@link Scenarios} and never name one.
 *
 * @param <P> its plan
 */
public abstract class Scenario<P extends ScenarioPlan> {

    private final String name;
    private final Class<P> planType;
    private final Supplier<? extends ScenarioOptions<P>> options;
    private final String summary;
    private final List<String> demo;

    /**
     * @param name     the name users type: {@code ./cqlbench run <name>}
     * @param planType its plan
     * @param options  fresh options (their initial values are the defaults)
     * @param summary  what it measures, for {@code --help}: a sentence or two
     * @param demo     its part of {@code ./cqlbench demo}: the arguments after {@code run <name>}, small sizes
     */
    protected Scenario(String name, Class<P> planType, Supplier<? extends ScenarioOptions<P>> options, String summary,
                       List<String> demo) {
        this.name = name;
        this.planType = planType;
        this.options = options;
        this.summary = summary;
        this.demo = List.copyOf(demo);
    }

    public final String name() {
        return name;
    }

    public final String summary() {
        return summary;
    }

    public final Class<P> planType() {
        return planType;
    }

    public final ScenarioOptions<P> options() {
        return options.get();
    }

    /** The demo's part for this scenario; empty for one that needs the user's input (a profile). */
    public final java.util.Optional<dev.cqlbench.run.RunLine> demo() {
        return demo.isEmpty() ? java.util.Optional.empty()
                : java.util.Optional.of(dev.cqlbench.run.RunLine.of(name, demo));
    }

    /**
     * Lines after the options in {@code --help}: presets, examples. They are text, kept as text: {@code help.txt} in
     * the scenario's package (resources), if it has one.
     */
    public final List<String> help() {
        try (InputStream in = getClass().getResourceAsStream("help.txt")) {
            return in == null ? List.of()
                    : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether it starts the cluster it measures itself (it cannot use a kept or external one). */
    public boolean startsItsOwnNodes() {
        return false;
    }

    /** The variant its study compares every other with (its baseline), if it runs; null: the run's first variant. */
    public String reference() {
        return null;
    }

    /** JVMs each variant runs in unless {@code --forks} says otherwise. */
    public int forks() {
        return Defaults.FORKS;
    }

    /** The same for a run of {@code plan} (a scenario whose modes differ says so here). */
    public int forks(P plan) {
        return forks();
    }

    /**
     * The comparisons its report shows, from the run's settings alone, before any data: descriptive unless one is
     * also a claim ({@link #claims}) or the user asks it ({@code --question}). None by default.
     */
    public List<Question> questions(P plan, RunSettings settings) {
        return List.of();
    }

    /**
     * Its study's claims a run of these variants can test, each with the range the study claims: the run's primary
     * questions (they hold jointly at the family level, and an adaptive run stops once each is settled). None by
     * default: then every variant against the reference is primary.
     */
    public List<Claim> claims(P plan, RunSettings settings) {
        return List.of();
    }

    /** The measures its comparisons look at (time and client CPU per operation unless it says otherwise). */
    public List<Measure> measures(P plan) {
        return List.of(Measure.TIME, Measure.CLIENT_CPU);
    }

    /** Creates what its tables need before any worker starts; returns a short account for the progress line. */
    public abstract String prepareSchema(P plan, SchemaAdmin admin);

    /** Prepares the relational database, for runs with a variant on one; nothing to say by default. */
    public String prepareSqlSchema(P plan, SqlAdmin admin) {
        return "";
    }

    /** Prepares the binding for this scenario (statements prepared, nothing timed) and returns its runner. */
    public abstract ScenarioRunner runner(P plan, Binding binding, Variant variant, Instruments instruments)
            throws Exception;

    /**
     * The report of a result of this scenario, in the shape of its study; it reads the result only. By default:
     * libraries against each other ({@link LibraryReport#whole}), for a scenario with nothing of its own to add.
     */
    public Doc report(Reading reading, P plan) {
        return LibraryReport.whole(reading);
    }

    /**
     * The one table a run prints under its verdicts; the rest of {@link #report} is on the page and in
     * {@code cqlbench report --full}. By default: time per operation against the reference.
     */
    public Doc key(Reading reading, P plan) {
        return dev.cqlbench.report.BlockFigures.key(reading);
    }

    /**
     * The study's headline claims against the result, which open its report (text and page); none by default.
     */
    public List<Verdict> verdicts(Reading reading, P plan) {
        return List.of();
    }

    /**
     * The charts its report shows, as data (the report draws each kind for any scenario). By default the charts of
     * libraries compared per operation ({@link ChartSpec#defaults}).
     */
    public List<ChartSpec> charts(P plan) {
        return ChartSpec.defaults();
    }

    /**
     * What the result shows to be wrong with the data beyond the variants' own verification (databases that disagree
     * with each other): one line each; any makes the run fail with exit code 8.
     */
    public List<String> problems(RunResult result, P plan) {
        return List.of();
    }

    /** Commands of its own beside {@code run} (picocli command objects), e.g. a generator of its input. */
    public List<Object> commands() {
        return List.of();
    }
}
