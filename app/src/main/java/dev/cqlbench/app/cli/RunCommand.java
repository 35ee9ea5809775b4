package dev.cqlbench.app.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        subcommands = {CrudCommand.class, DecodeCommand.class, HatshopCommand.class, WritesCommand.class,
            MixesCommand.class, ScaleOutCommand.class},
        description = {"Runs a built-in scenario and writes result.json, summary.csv and logs to --out.",
            "Each scenario's options are listed below; './cqlbench run SCENARIO --help' shows one."})
public final class RunCommand implements Callable<Integer> {

    @ParentCommand
    CqlbenchCommand root;

    @Spec
    CommandSpec spec;

    CommandContext context() {
        return root.context();
    }

    /** Appends every scenario's full option list to this command's help, so 'run --help' explains them all. */
    public static void describeScenarios(CommandLine run) {
        StringBuilder footer = new StringBuilder();
        for (CommandLine scenario : run.getSubcommands().values()) {
            footer.append(String.format("%nScenario '%s': %s%n", scenario.getCommandName(),
                    String.join(" ", scenario.getCommandSpec().usageMessage().description())));
            footer.append(scenario.getHelp().optionList());
        }
        run.getCommandSpec().usageMessage().footer(footer.toString());
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(context().err());
        return dev.cqlbench.app.ExitCode.USAGE;
    }
}
