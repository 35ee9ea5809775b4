package dev.cqlbench.app.cli;

import dev.cqlbench.app.cluster.KeptCluster;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.RunSettings;
import dev.cqlbench.run.ScenarioPlan;
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
            description = "Confidence level of the intervals and tests, between 0 and 1 (default: ${DEFAULT-VALUE}).")
    double confidence = Defaults.CONFIDENCE;

    @Option(names = "--precision", paramLabel = "P",
            description = "Stop adding cycles (rounds) once every variant's typical time and CPU per operation has a "
                    + "confidence interval within ±P of its value (relative half-width; 0 runs every cycle; default: "
                    + "${DEFAULT-VALUE}). --cycles is then the most rounds a run may take.")
    double precision = Defaults.PRECISION;

    @Option(names = "--max-time", paramLabel = "SECONDS",
            description = "Start no new round after this many seconds of measuring, precision met or not (set-up and "
                    + "warm-up not counted; 0: no limit; default: ${DEFAULT-VALUE}).")
    int maxTime = Defaults.MAX_TIME_SECONDS;

    @Option(names = "--strict-audit",
            description = "Fail the run (exit 11) when the servers' own counters contradict what a variant declares "
                    + "it sends (prepared or not, batches, consistency); without it a mismatch is a warning.")
    boolean strictAudit;

    @Mixin
    TargetOptions target;

    @Mixin
    WorkerOptions worker;

    @Mixin
    OutputOptions output;

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
        spec.usageMessage().description(scenario.summary());
        spec.usageMessage().footer(scenario.help().toArray(String[]::new));
        return new CommandLine(spec);
    }

    @Override
    public Integer call() {
        Path out = output.directory(scenario.name());
        return RunExecution.execute(settings(out), out, context, strictAudit);
    }

    /** Everything the run is asked to do, checked; nothing has started yet. */
    RunSettings settings(Path out) {
        ScenarioOptions.Chosen<P> chosen = options.choose(context.layout().get().catalog());
        chosen.notes().forEach(context.progress()::line);
        if (!(confidence > 0 && confidence < 1)) {
            throw new BadSetting("--confidence must be between 0 and 1, got " + confidence);
        }
        TargetSettings cluster = target.toSettings(spec);
        if (scenario.startsItsOwnNodes()) {
            refuseOthersNodes(cluster);
        }
        RunSettings.Builder settings = RunSettings.builder().scenario(scenario.name()).plan(chosen.plan())
                .variants(chosen.variants()).target(cluster).confidenceLevel(confidence)
                .stopping(new Stopping(precision, maxTime))
                .worker(worker.settings(options.workerHeapMb(), out, output.hdrLog));
        options.adjust(settings, chosen.plan());
        settings.target(settings.target().resolved());
        Map<String, TargetSettings> targets = target.targets(cluster);
        if (!targets.isEmpty()) {
            Map<String, TargetSettings> adjusted = new LinkedHashMap<>();
            targets.forEach((name, t) -> adjusted.put(name,
                    options.adjust(RunSettings.builder().target(t), chosen.plan()).target().resolved()));
            List<Variant> onTargets = new ArrayList<>();
            for (Variant variant : chosen.variants()) {
                if (variant.library().sql()) {
                    onTargets.add(variant);
                } else {
                    adjusted.keySet().forEach(name -> onTargets.add(variant.on(name)));
                }
            }
            settings.variants(onTargets).targets(adjusted);
        }
        return settings.build();
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
