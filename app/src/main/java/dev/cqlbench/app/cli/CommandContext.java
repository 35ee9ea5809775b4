package dev.cqlbench.app.cli;

import dev.cqlbench.app.Lifecycle;
import dev.cqlbench.app.Progress;
import dev.cqlbench.app.orchestrate.Layout;
import java.io.PrintStream;
import java.util.function.Supplier;

/**
 * What commands need from outside: where tables go ({@code out}), where progress and errors go ({@code err}),
 * the module layout, and the signal lifecycle. Tests pass their own.
 */
public record CommandContext(PrintStream out, PrintStream err, Supplier<Layout> layout, Lifecycle lifecycle,
                             Progress progress) {

    /** Progress as plain lines on {@code err}. */
    public CommandContext(PrintStream out, PrintStream err, Supplier<Layout> layout, Lifecycle lifecycle) {
        this(out, err, layout, lifecycle, Progress.to(err));
    }
}
