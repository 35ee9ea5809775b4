package dev.cqlbench.app.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.cqlbench.analysis.Reading;
import dev.cqlbench.analysis.Summary;
import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.TimelinePoint;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.scenario.Json;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** The files a result directory holds, each a small writer of a result (as JMH's result formats). */
public enum ResultFormat {

    /**
     * The self-describing result: everything, histograms and blocks included; then, for readers other than cqlbench,
     * what its analysis derives from the blocks ({@link Summary}: intervals, between-JVM sd, the comparisons and their
     * family's level), which cqlbench derives again when it reads the file.
     */
    JSON("result.json") {
        @Override
        String render(Reading reading) {
            RunResult result = reading.result();
            try {
                com.fasterxml.jackson.databind.node.ObjectNode tree = Json.pretty().valueToTree(result);
                tree.set("analysis", Json.pretty().valueToTree(Summary.of(reading)));
                return Json.pretty().writeValueAsString(tree);
            } catch (JsonProcessingException | IllegalArgumentException e) {
                throw new UncheckedIOException(e instanceof JsonProcessingException j ? j
                        : new java.io.IOException(e.getMessage(), e));
            }
        }
    },
    /** One row per variant × operation; the leading columns are a stable contract. */
    SUMMARY_CSV("summary.csv") {
        @Override
        String render(Reading reading) {
            return SummaryCsv.render(reading);
        }
    },
    /** Every per-second point of every operation that has a timeline; nothing when none has. */
    TIMELINE_CSV("timeline.csv") {
        @Override
        String render(Reading reading) {
            RunResult result = reading.result();
            StringBuilder out = new StringBuilder("variant,operation,cycle,repetition,second,ops,errors,p50_us,p99_us,"
                    + "errors_by_kind,epoch_second,client_cpu_ms,client_gc_ms,lag_max_us,clients\n");
            boolean any = false;
            for (VariantResult v : result.variants()) {
                for (OperationResult op : v.operations()) {
                    for (TimelinePoint p : op.timeline() == null ? List.<TimelinePoint>of() : op.timeline()) {
                        any = true;
                        out.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%d,%d,%d,%.1f,%.1f,%s,%d,%d,%d,%.1f,%s%n",
                                v.variant(), op.operation(), p.cycle(), p.repetition(), p.second(), p.ops(), p.errors(),
                                p.p50Us(), p.p99Us(), kinds(p.errorsByKind()), p.epochSecond(), p.cpuMillis(),
                                p.gcMillis(), p.lagMaxUs(), p.clients().stream().map(String::valueOf)
                                        .collect(java.util.stream.Collectors.joining(" "))));
                    }
                }
            }
            return any ? out.toString() : null;
        }
    },
    /** The page: every chart and table of the report. */
    HTML("report.html") {
        @Override
        String render(Reading reading) {
            return HtmlReport.render("cqlbench " + reading.result().scenario(), List.of(reading));
        }
    };

    private final String file;

    ResultFormat(String file) {
        this.file = file;
    }

    public String file() {
        return file;
    }

    /** The file's content, or null when the result has nothing for it. */
    abstract String render(Reading reading);

    /** {@code Kind=n;Kind=n} in name order, empty when none (no commas: one CSV field). */
    static String kinds(Map<String, Long> byKind) {
        StringBuilder b = new StringBuilder();
        new TreeMap<>(byKind).forEach((k, n) -> b.append(b.length() == 0 ? "" : ";").append(k).append('=').append(n));
        return b.toString();
    }
}
