package dev.cqlbench.result;

import java.util.List;
import java.util.Map;

/**
 * The self-describing result of one run: the full configuration, the environment and every variant's
 * measurements with full histograms. Reports only ever read this.
 *
 * @param partial true when the run stopped before finishing; what is here was measured
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
        List<VariantResult> variants) {

    public static final String FORMAT = "cqlbench-result";
    public static final int FORMAT_VERSION = 1;
}
