package dev.cqlbench.report;

import dev.cqlbench.result.OperationResult;
import dev.cqlbench.result.Block;
import dev.cqlbench.result.RunResult;
import dev.cqlbench.result.VariantResult;
import dev.cqlbench.stats.ConfidenceInterval;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** How reports write numbers, and find what they show. */
public final class Format {

    private Format() {}

    public static String fmt(double value, int decimals) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** 99.9 → "99.9", 99.0 → "99". */
    /** {@code value} to {@code decimals} places; "-" where unknown (null). */
    public static String fmt(Double value, int decimals) {
        return value == null ? "-" : fmt(value.doubleValue(), decimals);
    }

    public static String trim(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    /** Microseconds as milliseconds, two decimals. */
    public static String ms(double us) {
        return fmt(us / 1e3, 2);
    }

    /** The confidence level as a percentage: "99.9%". */
    public static String percent(double level) {
        return trim(level * 100) + "%";
    }

    public static Optional<OperationResult> find(VariantResult variant, String operation) {
        return variant.operations().stream().filter(o -> o.operation().equals(operation)).findFirst();
    }

    /** Operations ÷ summed block time of a variant's operation, every block counted; 0 when none took time. */
    public static double throughput(RunResult result, String variant, OperationResult op) {
        long nanos = result.blocks(variant, op.operation()).stream().mapToLong(Block::totalNanos).sum();
        return nanos == 0 ? 0 : op.count() / (nanos / 1e9);
    }

    public static double mean(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    /**
     * "centre ± half-width" of the samples' confidence interval (its centre the geometric mean for a positive
     * quantity, see {@link ConfidenceInterval}), or the mean alone with too few samples for one, "-" with none.
     */
    public static String meanWithCi(List<Double> samples, double level, int decimals) {
        if (samples.isEmpty()) {
            return "-";
        }
        ConfidenceInterval ci = ConfidenceInterval.of(samples, level);
        return ci == null ? fmt(mean(samples), decimals)
                : fmt(ci.mean(), decimals) + " ± " + fmt(ci.halfWidth(), decimals);
    }

    /** The widest line the terminal report writes. */
    public static final int WIDTH = 120;

    /** {@code text} broken at spaces into lines of at most {@link #WIDTH}, every line after the first indented. */
    public static String wrap(String text, String indent) {
        StringBuilder out = new StringBuilder();
        String rest = text;
        while (rest.length() > WIDTH) {
            int cut = rest.lastIndexOf(' ', WIDTH);
            if (cut <= indent.length()) {
                cut = rest.indexOf(' ', WIDTH); // one word longer than a line: it stays whole
                if (cut < 0) {
                    break;
                }
            }
            out.append(rest, 0, cut).append('\n');
            rest = indent + rest.substring(cut + 1).stripLeading();
        }
        return out.append(rest).toString();
    }
}
