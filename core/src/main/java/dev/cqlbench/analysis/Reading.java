package dev.cqlbench.analysis;

import dev.cqlbench.result.RunResult;

/**
 * A finished run's result read once, with its analysis: what every report, verdict, gate, CSV and comparison is made
 * from. A command reads each result it is given once ({@link #of}) and hands the reading on, so the analysis (its
 * questions' answers, its noise, its series) is made once per result, as latte makes its statistics once per
 * finished run.
 */
public record Reading(RunResult result, Analysis analysis) {

    /** The result's reading: its analysis made now, the one place a finished run's analysis is made. */
    public static Reading of(RunResult result) {
        return new Reading(result, Analysis.of(result));
    }
}
