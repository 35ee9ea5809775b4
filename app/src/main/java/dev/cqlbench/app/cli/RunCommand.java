package dev.cqlbench.app.cli;

import dev.cqlbench.app.ExitCode;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = {"Runs a built-in scenario and writes result.json, summary.csv and logs to --out.",
            "Each scenario's options are listed below; './cqlbench run SCENARIO --help' shows one."})
public final class RunCommand implements Callable<Integer> {

    private final CommandContext context;

    @Spec
    CommandSpec spec;

    RunCommand(CommandContext context) {
        this.context = context;
    }

    /** Appends every registered scenario's full option list to this command's help, so 'run --help' explains them all. */
    public static void describeScenarios(CommandLine run) {
        StringBuilder footer = new StringBuilder();
        for (CommandLine scenario : run.getSubcommands().values()) {
            footer.append(String.format("%nScenario '%s': %s%n", scenario.getCommandName(),
                    String.join(" ", scenario.getCommandSpec().usageMessage().description())));
            footer.append(scenario.getHelp().optionList());
        }
        // picocli formats a footer: a '%' of the text ("±5 % of") is a character, not a format
        run.getCommandSpec().usageMessage().footer(footer.toString().replace("%", "%%"));
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(context.err());
        return ExitCode.USAGE;
    }
}
