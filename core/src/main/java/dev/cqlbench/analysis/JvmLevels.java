package dev.cqlbench.analysis;

import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.ForkSeries;
import dev.cqlbench.stats.JvmSpread;
import java.util.Arrays;
import java.util.List;
import java.util.SortedMap;
import java.util.stream.IntStream;

/**
 * What a run's own JVMs show of their levels beyond what the calibration says: which variants' JVMs sit further
 * apart than it allows, and each JVM's own figure where their mean cannot be bounded. Nothing for pooled runs.
 */
public final class JvmLevels {

    private final RoundSeries series;
    private final dev.cqlbench.result.Batches batch;
    private final VarianceModel variance;
    private final double alpha;
    private final double level;

    JvmLevels(RoundSeries series, dev.cqlbench.result.Batches batch, VarianceModel variance, double alpha, double level) {
        this.series = series;
        this.batch = batch;
        this.variance = variance;
        this.alpha = alpha;
        this.level = level;
    }

    /**
     * The variants whose JVMs sit further apart in some measure than their library's calibrated spread says they
     * should ({@link JvmSpread#beyond}, at 99 % over the measures together, Bonferroni): a JIT outcome the
     * calibration did not see, or a library it never measured. A run gives them more JVMs. Every measure, not time
     * alone: driver 3's JVMs leave a profile's warm-up allocating about 183 or 230 KB an insert.
     */
    public List<String> apart() {
        if (series == null) {
            return List.of();
        }
        double at = 1 - 0.01 / Measure.values().length;
        return Arrays.stream(Measure.values()).flatMap(m -> JvmSpread.apart(series.forked(m, null),
                Math.max(1, batch.of(m)), variance.priors(m)::jvm, at).stream()).distinct().toList();
    }

    /**
     * Each of a variant's JVMs' own figure in one operation, at the level of {@link Analysis#figure} (each its
     * series' own long-run variance, host included): what a page shows where the JVMs sit too far apart for their
     * mean to be bounded. Empty with one JVM or too few rounds.
     */
    public List<Estimate> figures(String variant, String operation, Measure measure) {
        if (series == null) {
            return List.of();
        }
        SortedMap<Long, double[]> rounds = series.rounds(new Question.Side(variant, List.of(operation)), measure);
        if (rounds.size() < Estimate.MIN_ROUNDS || rounds.get(rounds.firstKey()).length < 2) {
            return List.of();
        }
        ForkSeries forks = RoundSeries.series(rounds, rounds.keySet());
        return IntStream.range(0, forks.forks()).mapToObj(k -> Estimate.ofOneJvm(forks.fork(k), alpha, level))
                .toList();
    }
}
