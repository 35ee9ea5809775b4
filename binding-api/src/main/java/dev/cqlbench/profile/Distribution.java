package dev.cqlbench.profile;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.math3.distribution.ExponentialDistribution;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.RealDistribution;
import org.apache.commons.math3.distribution.WeibullDistribution;

/**
 * A distribution of whole numbers as cassandra-stress writes one: {@code UNIFORM(1..10)}, {@code EXP(1..1M)},
 * {@code EXTREME(1..100,1.5)}, {@code QEXTREME(1..100,1.5,10)}, {@code GAUSSIAN(1..100,3)} (mean in the middle,
 * standard deviation half the range over the given number, 3 by default) or {@code GAUSSIAN(1..100,40,10)} (mean
 * and standard deviation), {@code FIXED(5)}; names in any case, the aliases {@code extr, qextr, gauss, normal, norm,
 * weibull}; {@code ~} before the name inverts it (values near the top most often); numbers may end in {@code k},
 * {@code m} or {@code b} (thousand, million, billion).
 *
 * <p>Every value lies in {@code [min, max]}: the continuous ones are truncated to the range (a draw is made within
 * the range's probability, not clamped to its ends), as cassandra-stress bounds them. A draw is a pure function of a
 * seed, so that every library sees the same data.
 */
public final class Distribution {

    private static final Pattern FULL = Pattern.compile("\\s*(~?)\\s*([A-Za-z]+)\\s*\\((.*)\\)\\s*");
    private static final Map<String, String> KINDS = Map.ofEntries(Map.entry("exp", "exp"),
            Map.entry("extreme", "extreme"), Map.entry("extr", "extreme"), Map.entry("weibull", "extreme"),
            Map.entry("qextreme", "qextreme"), Map.entry("qextr", "qextreme"), Map.entry("gaussian", "gaussian"),
            Map.entry("gauss", "gaussian"), Map.entry("normal", "gaussian"), Map.entry("norm", "gaussian"),
            Map.entry("uniform", "uniform"), Map.entry("fixed", "fixed"));
    /** What a message lists as known. */
    public static final String KNOWN = "EXP(min..max), EXTREME(min..max,shape), QEXTREME(min..max,shape,quanta), "
            + "GAUSSIAN(min..max[,stdevs]), GAUSSIAN(min..max,mean,stdev), UNIFORM(min..max), FIXED(value)";

    private final String text;
    private final String kind;
    private final long min;
    private final long max;
    private final boolean inverted;
    private final int quanta;
    private final RealDistribution continuous;
    private final double low;
    private final double high;

    private Distribution(String text, String kind, long min, long max, boolean inverted, int quanta,
                         RealDistribution continuous) {
        this.text = text;
        this.kind = kind;
        this.min = min;
        this.max = max;
        this.inverted = inverted;
        this.quanta = quanta;
        this.continuous = continuous;
        // continuous ones are laid over [0, max - min] and truncated to it
        this.low = continuous == null ? 0 : continuous.cumulativeProbability(-0.5);
        this.high = continuous == null ? 1 : continuous.cumulativeProbability(max - min + 0.5);
    }

    /**
     * Parses {@code spec}.
     *
     * @throws IllegalArgumentException with a message that says what is wrong (no file or line: the caller adds them)
     */
    @JsonCreator
    public static Distribution parse(String spec) {
        Matcher m = FULL.matcher(spec == null ? "" : spec);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + spec + "' is not a distribution; known: " + KNOWN);
        }
        boolean inverted = m.group(1).equals("~");
        String kind = KINDS.get(m.group(2).toLowerCase(Locale.ROOT));
        if (kind == null) {
            throw new IllegalArgumentException("unknown distribution '" + m.group(2) + "' in '" + spec.strip()
                    + "'; known: " + KNOWN + " (aliases extr, qextr, weibull, gauss, normal, norm)");
        }
        List<String> params = List.of(m.group(3).split(",", -1)).stream().map(String::strip).toList();
        try {
            if (kind.equals("fixed")) {
                expect(spec, params, 1, 1);
                long value = number(params.get(0));
                return new Distribution(spec.strip(), kind, value, value, inverted, 0, null);
            }
            String[] bounds = params.get(0).split("\\.\\.+", -1);
            if (bounds.length != 2) {
                throw new IllegalArgumentException("'" + spec.strip() + "' needs a range min..max");
            }
            long min = number(bounds[0]);
            long max = number(bounds[1]);
            if (max < min) {
                throw new IllegalArgumentException("'" + spec.strip() + "' has an empty range (" + max + " < " + min
                        + ")");
            }
            double width = Math.max(1, max - min);
            RealDistribution shape;
            int quanta = 0;
            switch (kind) {
                case "uniform" -> {
                    expect(spec, params, 1, 1);
                    shape = null;
                }
                case "exp" -> {
                    expect(spec, params, 1, 1);
                    // as cassandra-stress: the mean puts about sqrt(1/width) of the mass beyond the range
                    double mean = width / new ExponentialDistribution(null, 1)
                            .inverseCumulativeProbability(1 - Math.sqrt(1 / width));
                    shape = new ExponentialDistribution(null, Math.max(mean, 1e-9));
                }
                case "extreme", "qextreme" -> {
                    expect(spec, params, kind.equals("extreme") ? 2 : 3, kind.equals("extreme") ? 2 : 3);
                    double k = Double.parseDouble(params.get(1));
                    if (!(k > 0)) {
                        throw new IllegalArgumentException("'" + spec.strip() + "' needs a shape above 0");
                    }
                    double scale = width / new WeibullDistribution(null, k, 1)
                            .inverseCumulativeProbability(1 - Math.sqrt(1 / width));
                    shape = new WeibullDistribution(null, k, Math.max(scale, 1e-9));
                    if (kind.equals("qextreme")) {
                        quanta = Integer.parseInt(params.get(2));
                        if (quanta < 1) {
                            throw new IllegalArgumentException("'" + spec.strip() + "' needs at least 1 quantum");
                        }
                    }
                }
                default -> { // gaussian
                    expect(spec, params, 1, 3);
                    double mean;
                    double stdev;
                    if (params.size() == 3) {
                        mean = Double.parseDouble(params.get(1));
                        stdev = Double.parseDouble(params.get(2));
                    } else {
                        double toEdge = params.size() == 1 ? 3 : Double.parseDouble(params.get(1));
                        mean = (min + max) / 2.0;
                        stdev = (max - min) / 2.0 / toEdge;
                    }
                    if (!(stdev > 0)) {
                        stdev = 1e-9;
                    }
                    shape = new NormalDistribution(null, mean - min, stdev);
                }
            }
            return new Distribution(spec.strip(), kind, min, max, inverted, quanta, shape);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + spec.strip() + "' has a number that does not parse");
        }
    }

    private static void expect(String spec, List<String> params, int least, int most) {
        if (params.size() < least || params.size() > most || params.stream().anyMatch(String::isEmpty)) {
            throw new IllegalArgumentException("'" + spec.strip() + "' has the wrong parameters; known: " + KNOWN);
        }
    }

    /** A whole number with an optional k, m or b (thousand, million, billion), as cassandra-stress reads one. */
    static long number(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        long multiplier = 1;
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'k' -> multiplier = 1_000L;
                case 'm' -> multiplier = 1_000_000L;
                case 'b' -> multiplier = 1_000_000_000L;
                default -> multiplier = 1;
            }
        }
        if (multiplier != 1) {
            t = t.substring(0, t.length() - 1);
        }
        return Math.multiplyExact(Long.parseLong(t), multiplier);
    }

    public long min() {
        return min;
    }

    public long max() {
        return max;
    }

    /** The value drawn with {@code seed}: the same seed, the same value. */
    public long sample(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return sampleAt(random.nextDouble(), random.nextDouble());
    }

    /** The value at quantile {@code u} of [0, 1); {@code v}, another uniform draw, places it within its quantum. */
    long sampleAt(double u, double v) {
        long x;
        if (kind.equals("fixed")) {
            return min;
        } else if (continuous == null) {
            x = min + (long) Math.floor(u * ((double) max - min + 1));
        } else {
            x = min + Math.round(continuous.inverseCumulativeProbability(low + u * (high - low)));
            if (quanta > 0) {
                // the quantum x falls in, then a uniform place within it
                double width = ((double) max - min + 1) / quanta;
                long quantum = Math.min(quanta - 1, (long) Math.floor((x - min) / width));
                x = min + (long) Math.floor(quantum * width + v * width);
            }
        }
        x = Math.max(min, Math.min(max, x));
        return inverted ? max - (x - min) : x;
    }

    @JsonValue
    @Override
    public String toString() {
        return text;
    }

    /** Distributions are equal when written the same (what a result records, and what a merge compares). */
    @Override
    public boolean equals(Object other) {
        return other instanceof Distribution d && d.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }
}
