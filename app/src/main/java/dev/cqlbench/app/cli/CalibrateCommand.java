package dev.cqlbench.app.cli;

import dev.cqlbench.analysis.Calibration;
import dev.cqlbench.app.CqlbenchException;
import dev.cqlbench.app.ExitCode;
import dev.cqlbench.app.host.Calibrations;
import dev.cqlbench.app.report.ResultFiles;
import dev.cqlbench.report.Doc;
import dev.cqlbench.report.Format;
import dev.cqlbench.result.Measure;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.run.BadSetting;
import dev.cqlbench.run.Checks;
import dev.cqlbench.run.Defaults;
import dev.cqlbench.run.HostSettings;
import dev.cqlbench.run.RunLine;
import dev.cqlbench.run.RunOption;
import dev.cqlbench.stats.Component;
import dev.cqlbench.stats.PairedRatio;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code ./cqlbench calibrate}: measures, once per host, what no single run can measure of itself: how far fresh JVMs
 * of each library sit apart, and how far whole runs (each with a node, JVMs and data of its own) move a comparison.
 * It runs the same crud command several times, every variant in several JVMs, every run with its own seed and no
 * calibration of its own, fits the components ({@link Calibration#fit}) and keeps them as this host's: every later
 * run here takes them, each with the degrees of freedom it was measured with. {@code --from} fits runs already made.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = {"Measures this host's variance components once: how far fresh JVMs of each library sit apart "
                + "and how far whole runs move a comparison, from several crud runs of several JVMs a variant; every "
                + "later run here takes them into its intervals, each with the degrees of freedom it was measured "
                + "with. About 6 minutes a run at the defaults on a 2-core host."})
public final class CalibrateCommand implements Callable<Integer> {

    /** Libraries measured unless told: an A/A pair (the run-level component of one library) and a mapper. */
    static final String LIBRARIES = "driver4,driver4,spring-data";
    static final int RUNS = 8;
    static final int FORKS = 4;
    static final int CYCLES = 60;

    @ParentCommand
    CqlbenchCommand root;

    @Option(names = "--library", paramLabel = "VARIANT[,VARIANT...]",
            description = "The variants each run compares, as 'run crud --library' takes them; name one library twice "
                    + "to measure what runs move between two variants of one library (default: ${DEFAULT-VALUE}).")
    String library = LIBRARIES;

    @Option(names = RunOption.RUNS, paramLabel = "R",
            description = "Whole runs, each with a node, JVMs and data of its own (default: ${DEFAULT-VALUE}).")
    int runs = RUNS;

    @Option(names = RunOption.FORKS, paramLabel = "K",
            description = "JVMs of each variant in each run (default: ${DEFAULT-VALUE}).")
    int forks = FORKS;

    @Option(names = RunOption.CYCLES, paramLabel = "N",
            description = "Measured rounds of each run, after its settling rounds (default: ${DEFAULT-VALUE}).")
    int cycles = CYCLES;

    @Option(names = "--from", paramLabel = "DIR", split = ",",
            description = "Fit these results (runs of one command, two JVMs a variant or more) instead of running; "
                    + "comma-separated or repeated.")
    List<Path> from = new ArrayList<>();

    @Option(names = "--save", paramLabel = "FILE",
            description = "Write the calibration to this file (then given to runs as --calibration FILE) instead of "
                    + "keeping it as this host's, in $" + Calibrations.ENV + " or ~/.cqlbench/calibration.")
    Path save;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() throws Exception {
        CommandContext context = root.context();
        List<Path> dirs = from.isEmpty() ? runAll(context) : from;
        List<RunResult> results = new ArrayList<>();
        for (Path dir : dirs) {
            Path file = Files.isDirectory(dir) ? dir.resolve(ResultFiles.RESULT_JSON) : dir;
            if (!Files.isRegularFile(file)) {
                throw new BadSetting("--from " + dir + ": no " + ResultFiles.RESULT_JSON + " there");
            }
            results.add(ResultFiles.read(file));
        }
        if (results.size() < 3) {
            throw new BadSetting("a calibration needs three runs or more (how far whole runs sit apart cannot be told "
                    + "from fewer), got " + results.size());
        }
        if (results.stream().anyMatch(r -> r.rounds() == null || r.rounds().forks() < 2)) {
            throw new BadSetting("every run of a calibration needs two JVMs a variant or more (--forks)");
        }
        Calibration calibration = Calibration.fit(results, LocalDate.now().toString(), how(results));
        Path file = save != null ? Calibrations.write(save, calibration)
                : Calibrations.save(Calibrations.dir(), calibration);
        context.out().print(describe(calibration));
        context.progress().line("calibration written to " + file + (save != null ? " (give it to runs as "
                + "--calibration " + file + ")" : ": every run on this host takes it from now on"));
        return ExitCode.OK;
    }

    /** Runs the calibration's crud runs, each into a directory of its own; their directories. */
    private List<Path> runAll(CommandContext context) throws Exception {
        Checks.between(RunOption.RUNS, runs, 3, 50);
        Checks.between(RunOption.FORKS, forks, 2, ScenarioCommand.MAX_FORKS);
        Checks.between(RunOption.CYCLES, cycles, Defaults.FIRST_LOOK, 10_000);
        Path out = output.directory("calibration");
        List<Path> dirs = new ArrayList<>();
        for (int i = 1; i <= runs && !context.lifecycle().stopRequested(); i++) {
            Path dir = out.resolve("run-" + i);
            RunLine line = RunLine.of(Calibration.SCENARIO, List.of("--library", library,
                    RunOption.FORKS, Integer.toString(forks), RunOption.PRECISION, "0",
                    RunOption.CYCLES, Integer.toString(cycles), RunOption.MAX_TIME, "0",
                    RunOption.SEED, Long.toString(Defaults.SEED + i),
                    RunOption.CALIBRATION, HostSettings.NO_CALIBRATION, RunOption.OUT, dir.toString()));
            context.progress().line(String.format(Locale.ROOT, "calibrate: run %d of %d: %s", i,
                    runs, line));
            // each run's tables go to its own report: the terminal shows the calibration
            int code = PartRuns.call(context, line, true);
            if (code != ExitCode.OK) {
                throw new CqlbenchException(code, "calibrate: run " + i + " ended with exit " + code + " (its result "
                        + "and logs: " + dir + "); nothing was calibrated");
            }
            dirs.add(dir);
        }
        if (context.lifecycle().stopRequested()) {
            throw new CqlbenchException(ExitCode.INTERRUPTED, "calibrate: stopped after " + dirs.size() + " runs; "
                    + "fit them with ./cqlbench calibrate --from " + String.join(",", dirs.stream()
                    .map(Path::toString).toList()));
        }
        return dirs;
    }

    /**
     * "6 runs × 4 JVMs × 60 rounds of run crud --library driver4,driver4,spring-data"; runs of several commands (a
     * calibration refitted with more libraries) each said, joined by "and", in the order first met.
     */
    static String how(List<RunResult> results) {
        Map<String, List<RunResult>> byCommand = new LinkedHashMap<>();
        for (RunResult r : results) {
            String command = String.format(Locale.ROOT, "%d JVMs × %%d rounds of run %s --library %s",
                    r.rounds().forks(), r.scenario(), String.join(",", r.settings().variants().stream()
                            .map(v -> v.library().name()).toList()));
            byCommand.computeIfAbsent(command, k -> new ArrayList<>()).add(r);
        }
        List<String> parts = new ArrayList<>();
        byCommand.forEach((command, runs) -> parts.add(runs.size() + " runs × " + String.format(Locale.ROOT, command,
                (int) Math.round(runs.stream().mapToInt(r -> r.rounds().run()).average().orElse(0)))));
        return String.join(" and ", parts);
    }

    /** The calibration as a table: each measure's components with their intervals, and what they let a run decide. */
    static Doc describe(Calibration c) {
        Doc doc = new Doc();
        doc.append(String.format(Locale.ROOT, "%ncalibration of %s, %s: %s%n", c.host().describe(), c.measured(),
                c.how()));
        doc.append("sd of each component on the log scale, with its 90 % interval and degrees of freedom\n");
        List<List<String>> rows = new ArrayList<>();
        rows.add(List.of("measure", "between JVMs", "between runs, two libraries", "between runs, one library",
                "two libraries, all operations", "one library, all operations", "one round"));
        for (Map.Entry<Measure, Calibration.Fit> e : new EnumMap<>(c.measures()).entrySet()) {
            Calibration.Fit f = e.getValue();
            List<String> jvm = new ArrayList<>();
            new TreeMap<>(f.jvm()).forEach((library, component) -> jvm.add(library + " " + sd(component)));
            rows.add(List.of(e.getKey().word, String.join("; ", jvm), sd(f.run()), sd(f.runSame()),
                    sd(f.runOverall()), sd(f.runSameOverall()),
                    f.round().known() ? Format.fmt(f.round().sd() * 100, 1) + " %" : "-"));
        }
        doc.table(rows, Map.of(), 1);
        List<List<String>> speeds = new ArrayList<>();
        speeds.add(List.of("measure", "ratio", "slope on the speed index", "what whole runs still move it by"));
        new EnumMap<>(c.measures()).forEach((measure, fit) -> new TreeMap<>(fit.speeds()).forEach((pair, h) ->
                speeds.add(List.of(measure.word, pair, h.describe(), sd(h.rest())))));
        if (speeds.size() > 1) {
            doc.append(String.format(Locale.ROOT, "%nhow ratios of two libraries move with the host's speed (the "
                    + "speed index: the second library's client CPU per operation, ln; a run states its ratio at the "
                    + "calibration's mean speed)%n"));
            doc.table(speeds, Map.of(), 2);
        }
        Calibration.Fit time = c.measures().get(Measure.TIME);
        if (time != null && time.round().known() && c.turnSeconds() > 0) {
            // the pair fitted on the most runs (by name among equals): the one a reader has the best figure for
            String fitted = new TreeMap<>(time.speeds()).entrySet().stream()
                    .max(Comparator.comparingDouble(e -> e.getValue().slopeDf())).map(Map.Entry::getKey)
                    .orElse(null);
            doc.append(String.format(Locale.ROOT, "%nthe smallest difference in time one run of two libraries × 2 "
                    + "JVMs tells apart on this host (a round about %.1f s; each of 8 questions at 99 %% jointly, one "
                    + "analysis):%n", 4 * c.turnSeconds()));
            List<List<String>> rows2 = new ArrayList<>();
            rows2.add(fitted == null ? List.of("rounds", "two libraries", "variants of one library")
                    : List.of("rounds", fitted + " (at this host's mean speed)", "two other libraries",
                            "variants of one library"));
            for (int minutes : new int[] {1, 2, 4, 8}) {
                int n = (int) (minutes * 60 / (4 * c.turnSeconds()));
                List<String> row = new ArrayList<>(List.of(minutes + " min, " + n));
                if (fitted != null) {
                    row.add(smallest(time, n, time.speeds().get(fitted).rest()));
                }
                row.add(smallest(time, n, time.run()));
                row.add(smallest(time, n, time.runSame()));
                rows2.add(row);
            }
            doc.table(rows2, Map.of(), 1);
        }
        return doc;
    }

    /**
     * The half-width of a time ratio of two libraries (two JVMs a side, the libraries' pooled between-JVM part, what
     * whole runs move it by: {@code runLevel}) after {@code rounds} rounds, at 99 % over 8 questions, as a run makes
     * it (every part with its degrees of freedom).
     */
    static String smallest(Calibration.Fit fit, int rounds, Component runLevel) {
        List<double[]> own = new ArrayList<>();
        own.addAll(List.of(fit.jvmAny().scaled(1.0 / 2)));
        own.addAll(List.of(fit.jvmAny().scaled(1.0 / 2)));
        own.add(new double[] {fit.round().variance() / Math.max(1, rounds), Math.max(1, rounds - 1)});
        List<double[]> terms = new ArrayList<>(List.of(runLevel.given(own.stream().mapToDouble(t -> t[0]).sum(), 1)));
        terms.addAll(own);
        PairedRatio r = PairedRatio.of("a", "b", 0, rounds, 2, terms.toArray(double[][]::new), 0.01 / 8, 0.99);
        return String.format(Locale.ROOT, "±%.1f %%", (r.upper() - 1) * 100);
    }

    private static String sd(Component c) {
        if (!c.known()) {
            return "-";
        }
        double[] i = c.sdInterval(0.90);
        return String.format(Locale.ROOT, "%.2f %% (%.2f to %.2f, %.0f df)", c.sd() * 100, i[0] * 100, i[1] * 100,
                c.weight());
    }
}
