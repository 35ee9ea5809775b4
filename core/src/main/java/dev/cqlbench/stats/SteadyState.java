package dev.cqlbench.stats;

/**
 * Where a series of blocks has stopped warming up: the Marginal Standard Error Rule (MSER, White 1997, the usual
 * warm-up truncation of simulation output analysis). Leaving out the first d values, the rule picks the d that
 * makes the rest's squared deviations over (n − d)² smallest: a leading run of values unlike the rest (a server, a
 * cache or a JIT still warming after the settling rounds) costs more variance than its values are worth, while
 * leaving out values like the rest only shrinks the denominator. d is at most half the series (on pure noise it
 * is 0 in most series and above a quarter in 11 % of 20 values, 0.5 % of 70); a series shorter than
 * {@link #MIN_SERIES} is kept whole.
 */
public final class SteadyState {

    /** Fewer values than this are kept whole: too few to tell warming from noise. */
    public static final int MIN_SERIES = 20;

    private SteadyState() {}

    /** How many leading values to leave out of {@code logs} (values on the log scale, in the order measured). */
    public static int cut(double[] logs) {
        int n = logs.length;
        if (n < MIN_SERIES) {
            return 0;
        }
        // suffix sums, so each candidate d costs O(1)
        double[] sum = new double[n + 1];
        double[] squares = new double[n + 1];
        for (int i = n - 1; i >= 0; i--) {
            sum[i] = sum[i + 1] + logs[i];
            squares[i] = squares[i + 1] + logs[i] * logs[i];
        }
        int best = 0;
        double bestScore = Double.MAX_VALUE;
        for (int d = 0; d <= n / 2; d++) {
            int rest = n - d;
            double mean = sum[d] / rest;
            double deviations = Math.max(0, squares[d] - rest * mean * mean);
            double score = deviations / ((double) rest * rest);
            if (score < bestScore - 1e-15) {
                bestScore = score;
                best = d;
            }
        }
        return best;
    }
}
