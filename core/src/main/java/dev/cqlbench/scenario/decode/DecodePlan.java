package dev.cqlbench.scenario.decode;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.cqlbench.run.Repeats;
import dev.cqlbench.run.RepeatedPlan;
import java.util.ArrayList;
import java.util.List;

/**
 * Study 02: read the same skinny row N times and decode it, with a 3-column projection and all 12 columns. Built
 * (and validated) by {@link DecodeOptions}.
 *
 * @param rows        the N of each measurement (the study's 5000 and 10000)
 * @param repeats     repetitions of each (fields, N) per cycle (the study ran each three times), cycles, seed; its
 *                    warmup: reads of each width run once per worker before measuring, discarded
 */
public record DecodePlan(
        List<Integer> rows,
        @JsonUnwrapped Repeats repeats) implements RepeatedPlan {

    public static final List<Integer> WIDTHS = List.of(3, 12);

    public DecodePlan {
        rows = List.copyOf(rows);
    }

    public static String label(int fields, int n) {
        return "fields" + fields + "-n" + n;
    }

    /** What a curve of this scenario calls the line of a width. */
    static String series(int fields) {
        return "fields" + fields;
    }

    @Override
    public List<String> operationLabels() {
        List<String> labels = new ArrayList<>();
        for (int fields : WIDTHS) {
            for (int n : rows) {
                labels.add(label(fields, n));
            }
        }
        return labels;
    }

    @Override
    public int operationsPerRepetition(String operation) {
        for (int fields : WIDTHS) {
            for (int n : rows) {
                if (label(fields, n).equals(operation)) {
                    return n;
                }
            }
        }
        return 0;
    }
}
