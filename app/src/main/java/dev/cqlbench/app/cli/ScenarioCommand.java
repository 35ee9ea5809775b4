package dev.cqlbench.app.cli;

import dev.cqlbench.app.cluster.KeptCluster;
import dev.cqlbench.app.orchestrate.Layout;
import dev.cqlbench.app.release.LibraryReleases;
import dev.cqlbench.app.release.MavenSettings;
import dev.cqlbench.app.live.LiveMetrics;
import dev.cqlbench.app.live.MetricsEndpoint;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.Asked;
import dev.cqlbench.run.Processes;
import dev.cqlbench.run.RunLine;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.ClientShard;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.ScenarioPlan;
import dev.cqlbench.run.Servers;
import dev.cqlbench.run.Stopping;
import dev.cqlbench.run.TargetSettings;
import dev.cqlbench.run.Variant;
import dev.cqlbench.scenario.Scenario;
import dev.cqlbench.scenario.ScenarioOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./cqlbench run <scenario>}, for every registered scenario: the scenario's own options (its
 * {@link ScenarioOptions}) beside those every run has (cluster, workers, output). Turns them into {@link RunSettings}
 * and hands them to {@link RunExecution}; it knows no scenario by name.
 *
 * @param <P> the scenario's plan
 */
@Command(mixinStandardHelpOptions = true, versionProvider = Versions.class)
public final class ScenarioCommand<P extends ScenarioPlan> implements Callable<Integer> {

    private final Scenario<P> scenario;
    private final ScenarioOptions<P> options;
    private final CommandContext context;

    @Spec
    CommandSpec spec;

    @Option(names = "--confidence",
            description = "Confidence level of each figure's own interval, between 0 and 1 (default: "
                    + "${DEFAULT-VALUE}).")
    double confidence = Defaults.CONFIDENCE;

    @Option(names = "--family-confidence", paramLabel = "LEVEL",
            description = "The level at which every comparison the report marks holds jointly (simultaneous "
                    + "intervals, Bonferroni over the comparisons and the run's looks; default: ${DEFAULT-VALUE}).")
    double familyConfidence = Defaults.FAMILY_CONFIDENCE;

    @Option(names = RunOption.PRECISION, paramLabel = "P",
            description = "The difference that does not matter: stop adding rounds once every comparison the "
                    + "scenario asks is answered, different or the same within ±P (checked at a quarter, half and "
                    + "three quarters of the rounds planned at round " + Defaults.FIRST_LOOK + ", and at their end; 0 "
                    + "runs every cycle; default: ${DEFAULT-VALUE}). Figures wider than ±P are marked. --cycles is "
                    + "the most rounds a run may take.")
    double precision = Defaults.PRECISION;

    @Option(names = "--same-confidence", paramLabel = "LEVEL",
            description = "The level of 'the same within ±P' (≈): each of its two one-sided tests errs at most 1 − "
                    + "LEVEL, over the run's looks (default: ${DEFAULT-VALUE}). A difference is marked at "
                    + "--family-confidence.")
    double sameConfidence = Defaults.SAME_CONFIDENCE;

    @Option(names = RunOption.FORKS, paramLabel = "K",
            description = "Fresh JVMs each variant runs in, every one in every round; what differs between JVMs of "
                    + "one library goes into every interval (default: the scenario's, " + Defaults.FORKS + " for library "
                    + "comparisons, 1 where one long phase is the measurement: mixes, scale-out, profile's load mode).")
    Integer forks;

    @Option(names = "--reference", paramLabel = "VARIANT",
            description = "The variant every other is compared with (default: the study's baseline if it runs, "
                    + "else the first variant).")
    String reference;

    @Option(names = RunOption.MAX_TIME, paramLabel = "SECONDS",
            description = "Start no new round after this many seconds of rounds, precision met or not (set-up and "
                    + "warm-up not counted, settling rounds counted; 0: no limit; default: ${DEFAULT-VALUE}).")
    int maxTime = Defaults.MAX_TIME_SECONDS;

    @Option(names = "--question", paramLabel = "'A over B'",
            description = "A question of your own, the run's primary question in place of its study's claims: "
                    + "'spring-data over driver4' (each operation, each measure), '… in write,read', '… on time'; "
                    + "its answers hold jointly at --family-confidence, the run stops once they are settled, and "
                    + "every other comparison is descriptive. Repeatable.")
    List<String> questions = new ArrayList<>();

    @Option(names = RunOption.RUNS, paramLabel = "R",
            description = "Whole runs of this command one after another, each with its own JVMs, data (--seed, then "
                    + "one more each) and node (when cqlbench starts one), a share of --max-time each, pooled into "
                    + "one answer: what moves whole runs apart (the host's state, the node's) is then divided by R, "
                    + "which no number of rounds or JVMs in one run divides. Each run's result in --out/run-1 …, the "
                    + "pooled one in --out (default: ${DEFAULT-VALUE}).")
    int runs = 1;

    @Option(names = "--strict-audit",
            description = "Fail the run (exit 11) when the servers' own counters contradict what a variant declares "
                    + "it sends (prepared or not, batches, consistency); without it a mismatch is a warning.")
    boolean strictAudit;

    @Option(names = "--binding-jar", paramLabel = "JAR",
            description = "A jar of your own binding (your data-access code; docs/your-library.md): the libraries "
                    + "its META-INF/cqlbench/binding.json declares become names --library takes, each run in worker "
                    + "JVMs of its own with the jar and the jars its manifest's Class-Path names. Repeatable.")
    List<Path> bindingJars = new ArrayList<>();

    @Mixin
    TargetOptions target;

    @Mixin
    WorkerOptions worker;

    @Mixin
    OutputOptions output;

    @Mixin
    MetricsOptions metrics;

    @Mixin
    CiOptions ci;

    /** The most JVMs per variant a run may ask for. */
    static final int MAX_FORKS = 20;

    private ScenarioCommand(Scenario<P> scenario, CommandContext context) {
        this.scenario = scenario;
        this.options = scenario.options();
        this.context = context;
    }

    /** The command of {@code scenario}: its name, its summary and help lines, its options and the shared ones. */
    public static CommandLine of(Scenario<?> scenario, CommandContext context) {
        ScenarioCommand<?> command = new ScenarioCommand<>(scenario, context);
        CommandSpec spec = CommandSpec.forAnnotatedObject(command);
        spec.name(scenario.name());
        spec.addMixin("scenario", CommandSpec.forAnnotatedObject(command.options));
        CommandLine.Model.OptionSpec keyspace = spec.findOption("--keyspace");
        if (keyspace != null && keyspace.initialValue() == null) {
            // no keyspace of its own (profile: the file names it): say so, not "default: null"
            spec.remove(keyspace);
            spec.addOption(keyspace.toBuilder().description("Keyspace of the scenario's tables (default: the one "
                    + "the profile names).").build());
        }
        if (spec.findOption("--library") == null) {
            // its variants are its own (hatshop's models, writes' patterns…): a jar's library has nowhere to run
            spec.remove(spec.findOption("--binding-jar"));
        }
        spec.usageMessage().description(scenario.summary());
        spec.usageMessage().footer(scenario.help().toArray(String[]::new));
        return new CommandLine(spec);
    }

    /** The most whole runs {@code --runs} pools. */
    static final int MAX_RUNS = 20;

    @Override
    public Integer call() throws Exception {
        Path out = output.directory(scenario.name());
        RunSettings settings = settings(out);
        if (runs > 1) {
            ResultFiles.checkWritable(out);
            RunResult pooled = PartRuns.pooled(context, RunLine.of(scenario.name(), typed()), runs, maxTime,
                    settings.plan().seed(), precision, out);
            return RunExecution.report(pooled, out, context, strictAudit, ci);
        }
        // the run's name as its clients share it, else its result directory's; the endpoint before anything starts
        ClientShard client = settings.plan().client();
        LiveMetrics live = metrics.on() ? new LiveMetrics(client.shared() ? client.runId()
                : out.toAbsolutePath().getFileName().toString(), scenario.name(), client.index())
                : LiveMetrics.unwatched();
        try (MetricsEndpoint endpoint = metrics.start(live)) {
            if (endpoint != null) {
                context.progress().line("metrics: " + endpoint.url());
            }
            int code = RunExecution.execute(settings, out, context, strictAudit, live, ci);
            if (endpoint != null) {
                endpoint.lastScrape(metrics.linger(), context.lifecycle()::stopRequested, context.progress());
            }
            return code;
        }
    }

    /** Everything the run is asked to do, checked; nothing has started yet. */
    RunSettings settings(Path out) {
        ci.check();
        Layout layout = context.layout().get();
        ScenarioOptions.Chosen<P> chosen = options.choose(layout.catalog(bindingJars));
        chosen.notes().forEach(context.progress()::line);
        Checks.level("--confidence", confidence);
        Checks.level("--family-confidence", familyConfidence);
        boolean sharded = chosen.plan().client().shared();
        int jvms = forks != null ? forks : sharded ? 1 : scenario.forks(chosen.plan());
        Checks.between(RunOption.FORKS, jvms, 1, MAX_FORKS);
        Checks.between(RunOption.RUNS, runs, 1, MAX_RUNS);
        if (runs > 1 && (jvms < 2 || maxTime <= 0)) {
            throw new BadSetting("--runs pools runs paired by round over several JVMs, each with its share of "
                    + "--max-time: it needs --forks 2 or more and a --max-time");
        }
        if (jvms > 1 && scenario.forks(chosen.plan()) == 1) {
            throw new BadSetting(scenario.name() + " runs one JVM per variant: its figures are the seconds of one "
                    + "long phase, which forks would split (drop --forks)");
        }
        if (sharded && jvms > 1) {
            throw new BadSetting("--client shares one JVM's workload among client machines: each client runs one "
                    + "JVM per variant (drop --forks)");
        }
        List<Variant> variants = releases(chosen.variants(), layout);
        List<String> names = variants.stream().map(Variant::name).toList();
        if (reference != null && !names.contains(reference)) {
            throw new BadSetting("--reference " + reference + " is not one of this run's variants: "
                    + String.join(", ", names));
        }
        if (ci.gated() && names.size() < 2) {
            throw new BadSetting("--fail-if-slower judges every variant against the reference: this run has one ("
                    + names.get(0) + ")");
        }
        TargetSettings cluster = target.toSettings(spec);
        if (scenario.startsItsOwnNodes()) {
            refuseOthersNodes(cluster);
        }
        Servers servers = options.adjust(Servers.defaults().withTarget(cluster), chosen.plan());
        servers = servers.withTarget(servers.target().resolved());
        List<Variant> compared = variants;
        Map<String, TargetSettings> targets = target.targets(cluster);
        if (!targets.isEmpty()) {
            Map<String, TargetSettings> adjusted = new LinkedHashMap<>();
            targets.forEach((name, t) -> adjusted.put(name,
                    options.adjust(Servers.defaults().withTarget(t), chosen.plan()).target().resolved()));
            List<Variant> onTargets = new ArrayList<>();
            for (Variant variant : variants) {
                if (variant.library().sql()) {
                    onTargets.add(variant);
                } else {
                    adjusted.keySet().forEach(name -> onTargets.add(variant.on(name)));
                }
            }
            compared = onTargets;
            servers = servers.withTargets(adjusted);
        }
        Processes processes = new Processes(jvms, worker.settings(options.workerHeapMb(), options.preTouchedHeap(),
                variants.size() * jvms, out, output.hdrLog, context.progress()::line), worker.host());
        Asked asked = new Asked(reference != null ? reference : scenario.reference(), questions, confidence,
                familyConfidence, new Stopping(precision, maxTime, sameConfidence));
        RunSettings built = RunSettings.builder().scenario(scenario.name()).plan(chosen.plan()).variants(compared)
                .servers(servers).processes(processes).asked(asked).command(typed()).build();
        refuseWithoutTls(built);
        if (!questions.isEmpty()) {
            dev.cqlbench.scenario.Scenarios.family(built); // a question the run cannot answer is refused now
        }
        return built;
    }

    /**
     * A variant whose library cannot connect over TLS ({@link dev.cqlbench.binding.Tls#LIMIT} in its binding.json), in
     * a run that asks its cluster for TLS, is refused here, before a node or worker starts: it would otherwise connect
     * in the clear, or fail mid-run.
     */
    static void refuseWithoutTls(RunSettings settings) {
        for (Variant v : settings.variants()) {
            if (v.library().sql()
                    || !dev.cqlbench.binding.Tls.asked(settings.targetOf(v).connection().driverOptions())) {
                continue;
            }
            String why = v.library().limits().get(dev.cqlbench.binding.Tls.LIMIT);
            if (why != null) {
                throw new BadSetting(v.name() + " cannot connect over TLS, which this run asks of its cluster: " + why
                        + " (leave it out of --library, or run it against a cluster without TLS)");
            }
        }
    }

    /**
     * The variants with every released version asked ({@code driver4@4.17.0}) resolved to its artifacts and
     * checked to link; refused in one line, before anything starts, when one cannot be.
     */
    private List<Variant> releases(List<Variant> variants, Layout layout) {
        if (variants.stream().noneMatch(v -> v.release() != null)) {
            return variants;
        }
        MavenSettings maven = MavenSettings.user();
        List<Variant> out = new ArrayList<>();
        for (Variant v : variants) {
            if (v.release() == null || v.release().resolved()) {
                out.add(v);
                continue;
            }
            List<String> built = layout.workerClasspathEntries(v.library());
            Variant resolved = new LibraryReleases(LibraryReleases.localRepository(built, v.library()), maven)
                    .resolve(v, built, layout.ownCode(built));
            List<String> artifacts = resolved.release().artifacts().stream().map(a -> a.substring(0, a.indexOf(' ')))
                    .toList();
            context.progress().line(v.name() + ": " + String.join(", ", artifacts.subList(0, Math.min(2,
                    artifacts.size()))) + (artifacts.size() > 2 ? " and " + (artifacts.size() - 2) + " more" : "")
                    + " in place of the built " + v.library().name() + "'s (linked with its binding)");
            out.add(resolved);
        }
        return out;
    }

    /**
     * The options as the user typed them (each option once, with its values), for a report to repeat: where the
     * results went and how much the run printed left out. No password is typed: only the variable or file holding it.
     */
    private List<String> typed() {
        List<String> out = new ArrayList<>();
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        if (parsed == null) {
            return out;
        }
        for (CommandLine.Model.OptionSpec option : parsed.matchedOptions()) {
            String name = option.longestName();
            if (name.equals(RunOption.OUT) || name.equals("--debug") || option.usageHelp() || option.versionHelp()) {
                continue;
            }
            out.add(name);
            if (option.arity().max() > 0) {
                out.add(String.join(",", option.originalStringValues()));
            }
        }
        return out;
    }

    /** A scenario that starts its own nodes cannot use anyone else's: a kept cluster or {@code --target} files. */
    private void refuseOthersNodes(TargetSettings cluster) {
        if (!target.targetFiles.isEmpty()) {
            throw new BadSetting(scenario.name() + " starts the nodes it measures itself: drop --target");
        }
        if (cluster.embedded() && KeptCluster.read(cluster.clusterDir()).isPresent()) {
            throw new BadSetting(scenario.name() + " starts the nodes it measures itself, but 'cqlbench cluster start' "
                    + "keeps a cluster in " + cluster.clusterDir() + ": stop it first ('cqlbench cluster stop')");
        }
    }
}
