package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ModerationTest {

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

    @Test
    void estimatesOfOneTrueVarianceLendEachOtherTheirDegreesOfFreedom() {
        SplittableRandom random = new SplittableRandom(1);
        double[] s2 = new double[40];
        double[] df = new double[40];
        for (int i = 0; i < s2.length; i++) {
            s2[i] = draw(random, 0.01, 19);
            df[i] = 19;
        }
        Moderation m = Moderation.fit(s2, df);
        double[] one = m.moderate(s2[0], df[0]);
        assertThat(one[1]).as("degrees of freedom: many times its own 19").isGreaterThan(5 * 19);
        assertThat(one[0]).isCloseTo(0.01, within(0.002));
    }

    @Test
    void anEstimateUnlikeTheOthersKeepsMostlyItsOwn() {
        SplittableRandom random = new SplittableRandom(2);
        double[] s2 = new double[40];
        double[] df = new double[40];
        for (int i = 0; i < s2.length; i++) {
            s2[i] = draw(random, i % 2 == 0 ? 0.01 : 0.09, 19);
            df[i] = 19;
        }
        Moderation m = Moderation.fit(s2, df);
        assertThat(m.df()).as("prior degrees of freedom when the truths differ ninefold").isLessThan(10);
        assertThat(m.moderate(s2[1], df[1])[0]).isGreaterThan(0.04);
    }

    @Test
    void groupsKeepTheirOwnScales() {
        SplittableRandom random = new SplittableRandom(3);
        double[] s2 = new double[40];
        double[] df = new double[40];
        int[] group = new int[40];
        for (int i = 0; i < s2.length; i++) {
            group[i] = i % 2;
            s2[i] = draw(random, group[i] == 0 ? 0.01 : 0.09, 19);
            df[i] = 19;
        }
        Moderation m = Moderation.fit(s2, df, group);
        assertThat(m.df()).as("alike within each group").isGreaterThan(50);
        assertThat(m.moderate(s2[0], df[0], 0)[0]).isCloseTo(0.01, within(0.003));
        assertThat(m.moderate(s2[1], df[1], 1)[0]).isCloseTo(0.09, within(0.025));
    }
}
