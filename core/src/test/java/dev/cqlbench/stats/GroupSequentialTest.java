package dev.cqlbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GroupSequentialTest {

    /**
     * The boundaries as independent computations give them, for Pocock-type Lan–DeMets spending over four equally
     * spaced looks: at 5 % and 1.25·10⁻³ scipy's multivariate normal CDF (Genz's method, not a recursion on a grid;
     * at 5 % the textbook's 2.37 of Pocock's four looks); at 10⁻⁴, where that method's own error shows from the third
     * look, adaptive quadrature of the recursion (scipy.integrate.quad) for the first three and, for the fourth, a
     * numpy replica of the recursion that gives the same figure on grids of 401, 801 and 1,601 points.
     */
    @Test
    void boundariesAreThoseAnIndependentComputationGives() {
        assertZ(GroupSequential.all(0.05, 0.25, 0.5, 0.75, 1), 2.36833, 2.36752, 2.35817, 2.35003);
        assertZ(GroupSequential.all(1.25e-3, 0.25, 0.5, 0.75, 1), 3.51083, 3.55558, 3.57571, 3.58832);
        assertZ(GroupSequential.all(1e-4, 0.25, 0.5, 0.75, 1), 4.13344, 4.18488, 4.21111, 4.22807);
    }

    private static void assertZ(double[] nominal, double... z) {
        for (int i = 0; i < z.length; i++) {
            assertThat(GroupSequential.upperQuantile(nominal[i] / 2)).as("look %d", i + 1).isCloseTo(z[i],
                    within(1e-3));
        }
    }

    @Test
    void aSingleLookSpendsItsShareAndTheEndSpendsAll() {
        assertThat(GroupSequential.nominal(0.01, new double[] {1})).isCloseTo(0.01, within(1e-15));
        assertThat(GroupSequential.nominal(0.01, new double[] {0.5})).isCloseTo(0.01 * GroupSequential.pocock(0.5),
                within(1e-15));
        assertThat(GroupSequential.pocock(2)).as("past the end: no more than all").isCloseTo(1, within(1e-12));
    }

    @Test
    void exactBoundariesAreWiderThanOneLookAndNarrowerThanTheUnionOfTheLooks() {
        double[] exact = GroupSequential.all(1e-3, 0.25, 0.5, 0.75, 1);
        double union = 1e-3 * (GroupSequential.pocock(1) - GroupSequential.pocock(0.75));
        assertThat(exact[3]).isLessThan(1e-3).isGreaterThan(union);
    }

    /** Brownian paths looked at four times: the share that crosses a boundary is the error spent, 1 % here. */
    @Test
    void pathsCrossTheBoundariesAsOftenAsTheErrorSays() {
        double[] t = {0.25, 0.5, 0.75, 1};
        double[] nominal = GroupSequential.all(0.01, t);
        double[] c = new double[t.length];
        for (int i = 0; i < t.length; i++) {
            c[i] = GroupSequential.upperQuantile(nominal[i] / 2);
        }
        SplittableRandom random = new SplittableRandom(5);
        int paths = 400_000;
        int crossed = 0;
        for (int p = 0; p < paths; p++) {
            double s = 0;
            double before = 0;
            for (int i = 0; i < t.length; i++) {
                s += Math.sqrt(t[i] - before) * gaussian(random);
                before = t[i];
                if (Math.abs(s / Math.sqrt(t[i])) > c[i]) {
                    crossed++;
                    break;
                }
            }
        }
        // 4,000 expected; a binomial sd of 63
        assertThat(crossed).isBetween(3800, 4200);
    }

    private static double gaussian(SplittableRandom random) {
        double u = random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log1p(-u)) * Math.cos(2 * Math.PI * v);
    }
}
