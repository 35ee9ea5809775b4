package dev.cqlbench.app.cli;

import dev.cqlbench.app.orchestrate.BindingCatalog;
import dev.cqlbench.app.orchestrate.RunSettings;
import dev.cqlbench.scenario.decode.DecodePlan;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "decode", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = "Study 02: read the same skinny row N times and decode it into objects, 3 columns and all 12; "
                + "what object mapping costs over its native driver.")
public final class DecodeCommand implements Callable<Integer> {

    @ParentCommand
    RunCommand run;

    @Spec
    CommandSpec spec;

    @Option(names = "--library", split = ",", defaultValue = "all", paramLabel = "VARIANT",
            description = "Variants to compare, comma-separated, or 'all' (default: ${DEFAULT-VALUE}).")
    List<String> libraries;

    @Option(names = "--rows", split = ",", defaultValue = "5000,10000", paramLabel = "N",
            description = "Reads per measurement, comma-separated (default: ${DEFAULT-VALUE}, as the study).")
    List<Integer> rows;

    @Option(names = "--repetitions", defaultValue = "3",
            description = "Repetitions of each width × N per cycle (default: ${DEFAULT-VALUE}, as the study).")
    int repetitions;

    @Option(names = "--cycles", defaultValue = "2",
            description = "Cycles; variants run in a new seeded-random order in each (default: ${DEFAULT-VALUE}).")
    int cycles;

    @Option(names = "--warmup-reads", defaultValue = "5000",
            description = "Reads of each width run once per worker before measuring, then discarded (default: ${DEFAULT-VALUE}).")
    int warmupReads;

    @Mixin
    ScenarioOptions scenario;

    @Mixin
    TargetOptions target;

    @Mixin
    WorkerOptions worker;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() {
        return RunExecution.execute(settings(), output.directory("decode"), output, run.context());
    }

    RunSettings settings() {
        var variants = BindingCatalog.resolve(libraries, "decode");
        for (int n : rows) {
            Checks.positive("--rows", n);
        }
        Checks.positive("--repetitions", repetitions);
        Checks.positive("--cycles", cycles);
        Checks.notNegative("--warmup-reads", warmupReads);
        scenario.validated();
        DecodePlan plan = new DecodePlan(rows, repetitions, cycles, warmupReads, scenario.seed, scenario.keyspace);
        return new RunSettings("decode", variants, plan, target.toSettings(spec), worker.jvmArgs(), worker.timeout(),
                scenario.confidence, List.of());
    }
}
