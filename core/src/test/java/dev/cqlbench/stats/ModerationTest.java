package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.IntToDoubleFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ModerationTest {

    /** Degrees of freedom of every estimate drawn. */
    private static final int DF = 19;

    /** s² of {@code df} degrees of freedom around {@code sigma2}. */
    private static double draw(SplittableRandom random, double sigma2, int df) {
        double sum = 0;
        for (int i = 0; i < df; i++) {
            double u = random.nextDouble();
            double z = Math.sqrt(-2 * Math.log1p(-u)) * Math.cos(2 * Math.PI * random.nextDouble());
            sum += z * z;
        }
        return sigma2 * sum / df;
    }

    /** 40 estimates of {@link #DF} degrees of freedom, the i-th around {@code truth(i)}. */
    private static double[] estimates(long seed, IntToDoubleFunction truth) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] s2 = new double[40];
        for (int i = 0; i < s2.length; i++) {
            s2[i] = draw(random, truth.applyAsDouble(i), DF);
        }
        return s2;
    }

    private static double[] degreesOfFreedom() {
        double[] df = new double[40];
        Arrays.fill(df, DF);
        return df;
    }

    @Test
    void estimatesOfOneTrueVarianceLendEachOtherTheirDegreesOfFreedom() {
        double[] s2 = estimates(1, i -> 0.01);
        double[] df = degreesOfFreedom();
        Moderation m = Moderation.fit(s2, df);
        double[] one = m.moderate(s2[0], df[0]);
        assertThat(one[1]).as("degrees of freedom: many times its own 19").isGreaterThan(5 * DF);
        assertThat(one[0]).isCloseTo(0.01, within(0.002));
    }

    @Test
    void anEstimateUnlikeTheOthersKeepsMostlyItsOwn() {
        double[] s2 = estimates(2, i -> i % 2 == 0 ? 0.01 : 0.09);
        double[] df = degreesOfFreedom();
        Moderation m = Moderation.fit(s2, df);
        assertThat(m.df()).as("prior degrees of freedom when the truths differ ninefold").isLessThan(10);
        assertThat(m.moderate(s2[1], df[1])[0]).isGreaterThan(0.04);
    }

    @Test
    void groupsKeepTheirOwnScales() {
        int[] group = IntStream.range(0, 40).map(i -> i % 2).toArray();
        double[] s2 = estimates(3, i -> group[i] == 0 ? 0.01 : 0.09);
        double[] df = degreesOfFreedom();
        Moderation m = Moderation.fit(s2, df, group);
        assertThat(m.df()).as("alike within each group").isGreaterThan(50);
        assertThat(m.moderate(s2[0], df[0], 0)[0]).isCloseTo(0.01, within(0.003));
        assertThat(m.moderate(s2[1], df[1], 1)[0]).isCloseTo(0.09, within(0.025));
    }
}
