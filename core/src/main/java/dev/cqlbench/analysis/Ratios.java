package dev.cqlbench.analysis;

import dev.cqlbench.result.Measure;
import dev.cqlbench.result.Question;
import dev.cqlbench.result.VarianceModel;
import dev.cqlbench.stats.Estimate;
import dev.cqlbench.stats.RunNoise;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Every question of one run as its paired log ratio and that ratio's variance terms, before an error is chosen for
 * it ({@link Pooled.Raw}): over the rounds its two sides share, one measure's comparisons moderating each other
 * ({@link RunNoise#terms}), stated at the calibration's host speed where the calibration fitted its libraries
 * against it ({@link HostSpeed}).
 */
final class Ratios {

    private Ratios() {}

    /** Each question's estimate; null where its two sides share too few rounds. */
    static Map<Question, Pooled.Raw> of(RoundSeries series, Function<Measure, RunNoise> noise,
                                        VarianceModel variance, List<Question> questions) {
        Map<Question, Pooled.Raw> out = new HashMap<>();
        Map<Measure, List<Question>> byMeasure = new EnumMap<>(Measure.class);
        questions.forEach(q -> byMeasure.computeIfAbsent(q.measure(), m -> new ArrayList<>()).add(q));
        byMeasure.forEach((measure, asked) -> {
            List<Question> answered = new ArrayList<>();
            List<RunNoise.PairNoise> comparisons = new ArrayList<>();
            for (Question q : asked) {
                RunNoise.PairNoise c = comparison(series, noise.apply(measure), q);
                if (c != null) {
                    answered.add(q);
                    comparisons.add(c);
                }
            }
            List<double[][]> terms = RunNoise.terms(comparisons);
            for (int i = 0; i < answered.size(); i++) {
                Question q = answered.get(i);
                RunNoise.PairNoise c = comparisons.get(i);
                Pooled.Raw raw = new Pooled.Raw(c.mean(), c.pairs(), c.forks(), terms.get(i),
                        terms.get(i).length - c.ownTerms());
                out.put(q, variance.speed(measure, q.a().variant(), q.b().variant())
                        .map(s -> HostSpeed.adjusted(raw, s, HostSpeed.index(series.byVariant()
                                .getOrDefault(s.index(), Map.of()).values().stream().flatMap(List::stream).toList()),
                                variance.of(measure).run()))
                        .orElse(raw));
            }
        });
        questions.forEach(q -> out.putIfAbsent(q, null));
        return out;
    }

    /** One question's parts, over the rounds its two sides share; null with too few. */
    private static RunNoise.PairNoise comparison(RoundSeries series, RunNoise noise, Question q) {
        SortedMap<Long, double[]> a = series.rounds(q.a(), q.measure());
        SortedMap<Long, double[]> b = series.rounds(q.b(), q.measure());
        TreeSet<Long> common = new TreeSet<>(a.keySet());
        common.retainAll(b.keySet());
        if (common.size() < Estimate.MIN_ROUNDS) {
            return null;
        }
        return noise.compare(q.a().variant(), single(q.a()), RoundSeries.series(a, common), q.b().variant(),
                single(q.b()), RoundSeries.series(b, common));
    }

    private static String single(Question.Side side) {
        return side.operations().size() == 1 ? side.operations().get(0) : null;
    }
}
