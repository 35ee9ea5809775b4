package dev.cqlbench.app.orchestrate;

import java.io.PrintStream;

/** Where the orchestrator says what it is doing: one plain line per phase. */
@FunctionalInterface
public interface Progress {

    void line(String text);

    static Progress to(PrintStream out) {
        return text -> out.println("cqlbench: " + text);
    }

    Progress SILENT = text -> { };
}
