package dev.cqlbench.scenario;

import dev.cqlbench.result.Claim;
import dev.cqlbench.result.Family;
import dev.cqlbench.result.Question;
import dev.cqlbench.analysis.Questions;
import dev.cqlbench.run.RunSettings;
import java.util.ArrayList;
import dev.cqlbench.binding.Binding;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Markdown;
import dev.cqlbench.report.Verdict;
import dev.cqlbench.report.Verdicts;
import dev.cqlbench.result.ChartSpec;
import dev.cqlbench.analysis.Reading;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.ScenarioPlan;
import dev.cqlbench.run.Variant;
import dev.cqlbench.runner.Instruments;
import dev.cqlbench.runner.ScenarioRunner;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * The registry: every scenario on the classpath, in registration order, found by name; and the one place a plan is
 * handed to its scenario's parts at its own type (so code elsewhere never asks what type a plan is).
 */
public final class Scenarios {

    private static final class Loaded {
        static final List<Scenario<?>> ALL = ServiceLoader.load(Scenario.class).stream()
                .map(p -> (Scenario<?>) p.get()).collect(Collectors.toUnmodifiableList());
    }

    private Scenarios() {}

    public static List<Scenario<?>> all() {
        return Loaded.ALL;
    }

    public static Scenario<?> named(String name) {
        return all().stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new BadSetting("no scenario '" + name + "'; known: "
                        + all().stream().map(Scenario::name).collect(Collectors.joining(", "))));
    }

    public static ScenarioRunner runner(String scenario, ScenarioPlan plan, Binding binding, Variant variant,
                                        Instruments instruments) throws Exception {
        return runner(named(scenario), plan, binding, variant, instruments);
    }

    /**
     * What a run with these settings asks: the user's {@code --question}s, else its study's claims its variants can
     * test ({@link Scenario#claims}), else every variant against the reference, primary; the other comparisons its
     * report shows ({@link Scenario#questions}) descriptive.
     */
    public static Family family(RunSettings settings) {
        return family(named(settings.scenario()), settings);
    }

    static <P extends ScenarioPlan> Family family(Scenario<P> s, RunSettings settings) {
        P plan = s.planType().cast(settings.plan());
        List<Question> asked = new ArrayList<>();
        if (settings.asked().questions().isEmpty()) {
            asked.addAll(s.questions(plan, settings));
            return Family.of(s.claims(plan, settings), asked, settings.referenceVariant(), Family.CLAIMS);
        }
        List<Claim> own = new ArrayList<>();
        for (String text : settings.asked().questions()) {
            own.addAll(Questions.parse(text, settings.variantNames(), plan.operationLabels(), s.measures(plan)));
        }
        asked.addAll(s.questions(plan, settings));
        s.claims(plan, settings).forEach(c -> asked.add(c.question())); // shown, no longer primary
        return Family.of(own, asked, settings.referenceVariant(), Family.ASKED);
    }

    public static List<ChartSpec> charts(String scenario, ScenarioPlan plan) {
        return charts(named(scenario), plan);
    }

    /** The report of any result, by its scenario. */
    public static Doc report(Reading reading) {
        return report(named(reading.result().scenario()), reading);
    }

    /** What the result shows to be wrong with the data beyond each variant's verification. */
    public static List<String> problems(RunResult result) {
        return problems(named(result.scenario()), result);
    }

    static <P extends ScenarioPlan> String prepareSchema(Scenario<P> s, ScenarioPlan plan, SchemaAdmin admin) {
        return s.prepareSchema(s.planType().cast(plan), admin);
    }

    static <P extends ScenarioPlan> String prepareSqlSchema(Scenario<P> s, ScenarioPlan plan, SqlAdmin admin) {
        return s.prepareSqlSchema(s.planType().cast(plan), admin);
    }

    private static <P extends ScenarioPlan> ScenarioRunner runner(Scenario<P> s, ScenarioPlan plan, Binding binding,
                                                                  Variant variant, Instruments instruments)
            throws Exception {
        return s.runner(s.planType().cast(plan), binding, variant, instruments);
    }

    static <P extends ScenarioPlan> List<ChartSpec> charts(Scenario<P> s, ScenarioPlan plan) {
        return s.charts(s.planType().cast(plan));
    }

    /** The verdicts against the study first, then the scenario's own report. */
    private static <P extends ScenarioPlan> Doc report(Scenario<P> s, Reading reading) {
        return verdicts(s, reading).then(body(s, reading));
    }

    /** The opening of any result's report: its study's claims and what the run says of each. */
    public static Doc verdicts(Reading reading) {
        return verdicts(named(reading.result().scenario()), reading);
    }

    /** The rest of any result's report, after the verdicts. */
    public static Doc body(Reading reading) {
        return body(named(reading.result().scenario()), reading);
    }

    /**
     * What a run prints: the verdicts, the scenario's one key table ({@link Scenario#key}), and what no reader may
     * miss (the cluster's events, a partial result).
     */
    public static Doc brief(Reading reading) {
        return brief(named(reading.result().scenario()), reading);
    }

    private static <P extends ScenarioPlan> Doc brief(Scenario<P> s, Reading reading) {
        Doc out = verdicts(s, reading).then(s.key(reading, s.planType().cast(reading.result().plan())));
        dev.cqlbench.report.Sections.alerts(out, reading.result());
        return out;
    }

    /**
     * The same verdicts and table in Markdown, for a CI system's summary: a heading naming the scenario, the claims as
     * a table, the key table, and what the run must warn of.
     */
    public static String markdown(Reading reading) {
        return markdown(named(reading.result().scenario()), reading);
    }

    /** Every table of the report ({@link #report}) in Markdown, under the same heading. */
    public static String markdownFull(Reading reading) {
        return heading(reading.result()) + Markdown.render(report(reading));
    }

    private static String heading(RunResult result) {
        return Markdown.heading(2,
                "cqlbench run " + result.scenario() + (result.course().partial() ? " (partial)" : ""));
    }

    private static <P extends ScenarioPlan> String markdown(Scenario<P> s, Reading reading) {
        RunResult result = reading.result();
        Doc alerts = new Doc();
        dev.cqlbench.report.Sections.alerts(alerts, result);
        return heading(result)
                + Verdicts.markdown(reading, verdictList(s, reading))
                + Markdown.render(s.key(reading, s.planType().cast(result.plan())))
                + Markdown.render(alerts);
    }

    /** The study's claims the run asked, against any result, as data: for a page's verdict board. */
    public static List<Verdict> verdictList(Reading reading) {
        return verdictList(named(reading.result().scenario()), reading);
    }

    /**
     * The claims the run asked, with what it says of each: a claim whose variants the run does not have is not one
     * of its questions, and is left out (an A/A of driver4 names none of study 01's claims).
     */
    private static <P extends ScenarioPlan> List<Verdict> verdictList(Scenario<P> s, Reading reading) {
        return s.verdicts(reading, s.planType().cast(reading.result().plan())).stream()
                .filter(v -> v.status() != Verdict.Status.NOT_ASKED).toList();
    }

    private static <P extends ScenarioPlan> Doc verdicts(Scenario<P> s, Reading reading) {
        return Verdicts.section(reading, verdictList(s, reading));
    }

    private static <P extends ScenarioPlan> Doc body(Scenario<P> s, Reading reading) {
        return s.report(reading, s.planType().cast(reading.result().plan()));
    }

    private static <P extends ScenarioPlan> List<String> problems(Scenario<P> s, RunResult result) {
        return s.problems(result, s.planType().cast(result.plan()));
    }
}
