package dev.cqlbench.app.cli;

import dev.cqlbench.app.ExitCode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "cqlbench", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = {
            "Benchmarks the ways Java applications talk to Apache Cassandra, with numbers a reviewer can trust:",
            "full latency histograms, confidence intervals, forked JVM per library, data read back and checked.",
            "",
            "Without --contact-points, an embedded Cassandra 5.0 is started on loopback and stopped at the end",
            "(--nodes N for a cluster), unless 'cqlbench cluster start' keeps one up: runs then use it."},
        footer = {"", "Examples:",
            "  ./cqlbench demo",
            "  ./cqlbench run crud --library driver4,spring-data --max-time 120 --out results/first",
            "  ./cqlbench run crud --mode async --concurrency 64",
            "  ./cqlbench run crud --contact-points 10.0.0.5:9042 --datacenter dc1 --username bench --password-env CQL_PASSWORD",
            "", "Exit codes: 0 ok, 1 internal error, 2 usage, 3 embedded Cassandra did not start, 4 cannot connect,",
            "  5 schema clash, 6 worker JVM failed, 7 results not writable, 8 data read back wrong,",
            "  9 the cluster rejected the workload (e.g. a batch too large), 10 every node went down mid-run,",
            "  11 the servers contradict a binding's declared audit (--strict-audit), 12 merge refused its inputs,",
            "  13 a variant decided slower than --fail-if-slower allows, 14 not decided with --fail-if-not-decided,",
            "  130 interrupted (a second Ctrl-C exits at once)."})
public final class CqlbenchCommand implements Callable<Integer> {

    private final CommandContext context;

    @Spec
    CommandSpec spec;

    /** Every command takes it (Main reads it from the arguments, before any command runs). */
    @Option(names = "--debug", scope = ScopeType.INHERIT,
            description = "Print the stack trace of an error beside its one line.")
    boolean debug;

    public CqlbenchCommand(CommandContext context) {
        this.context = context;
    }

    /** What every command needs from outside (subcommands reach it through their {@code @ParentCommand}). */
    CommandContext context() {
        return context;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(context.err());
        return ExitCode.USAGE;
    }
}
