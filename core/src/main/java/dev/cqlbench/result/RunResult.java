package dev.cqlbench.result;

import java.util.List;
import java.util.Map;

/**
 * The self-describing result of one run: the full configuration, the environment and every variant's
 * measurements with full histograms. Reports only ever read this.
 *
 * @param partial true when the run stopped before finishing; what is here was measured
 * @param events  what happened to the cluster during the run (a node joining or leaving), in order
 * @param charts  the charts the scenario declared for its report (defaults for results that predate them)
 */
public record RunResult(
        String format,
        int formatVersion,
        String scenario,
        String startedAt,
        String finishedAt,
        boolean partial,
        String stopReason,
        Map<String, Object> configuration,
        Environment environment,
        List<VariantResult> variants,
        List<RunEvent> events,
        List<ChartSpec> charts) {

    public static final String FORMAT = "cqlbench-result";
    public static final int FORMAT_VERSION = 1;

    public RunResult {
        events = events == null ? List.of() : List.copyOf(events);
        charts = charts == null ? ChartSpec.defaults() : List.copyOf(charts);
    }

    public RunResult(String format, int formatVersion, String scenario, String startedAt, String finishedAt,
                     boolean partial, String stopReason, Map<String, Object> configuration, Environment environment,
                     List<VariantResult> variants, List<RunEvent> events) {
        this(format, formatVersion, scenario, startedAt, finishedAt, partial, stopReason, configuration, environment,
                variants, events, null);
    }

    public RunResult(String format, int formatVersion, String scenario, String startedAt, String finishedAt,
                     boolean partial, String stopReason, Map<String, Object> configuration, Environment environment,
                     List<VariantResult> variants) {
        this(format, formatVersion, scenario, startedAt, finishedAt, partial, stopReason, configuration, environment,
                variants, List.of());
    }
}
