package dev.cqlbench.stats;

/**
 * Where a series of blocks has stopped warming up: the Marginal Standard Error Rule (MSER, White 1997, the usual
 * warm-up truncation of simulation output analysis). Leaving out the first d values, the rule picks the d that
 * makes the rest's squared deviations over (n − d)² smallest: a leading run of values unlike the rest (a server, a
 * cache or a JIT still warming after the settling rounds) costs more variance than its values are worth, while
 * leaving out values like the rest only shrinks the denominator. d is searched over the first half; a minimum past
 * the first quarter is not warm-up but a series that drifts all along (the host's speed changing over minutes,
 * which moved client and server CPU per operation together by 20–30 % in one crud run), and then nothing is left
 * out: the interval pays for the drift instead of hiding it. On pure noise d is 0 in most series. A series
 * shorter than {@link #MIN_SERIES} is kept whole.
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
        return best <= n / 4 ? best : 0;
    }
}
