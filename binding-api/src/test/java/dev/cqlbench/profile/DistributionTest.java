package dev.cqlbench.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** cassandra-stress's distributions: their syntax, their ranges and their shapes, checked on many draws. */
class DistributionTest {

    private static long[] draws(String spec, int n) {
        Distribution d = Distribution.parse(spec);
        long[] values = new long[n];
        for (int i = 0; i < n; i++) {
            values[i] = d.sample(i * 0x9E3779B97F4A7C15L + 17);
        }
        return values;
    }

    private static double mean(long[] values) {
        double sum = 0;
        for (long v : values) {
            sum += v;
        }
        return sum / values.length;
    }

    @Test
    void suffixesAliasesAndCaseAreAsCassandraStressReadsThem() {
        assertThat(Distribution.parse("uniform(1..100B)").max()).isEqualTo(100_000_000_000L);
        assertThat(Distribution.parse("UNIFORM(2k..3M)").min()).isEqualTo(2_000);
        assertThat(Distribution.parse("UNIFORM(2k..3M)").max()).isEqualTo(3_000_000);
        assertThat(Distribution.parse("fixed(7)").sample(1)).isEqualTo(7);
        for (String alias : new String[] {"gauss(1..10)", "normal(1..10)", "norm(1..10)", "gaussian(1..10,2)",
                "extr(1..10,2)", "weibull(1..10,2)", "qextr(1..10,2,3)", "exp(1..10)", "~exp(1..10)"}) {
            assertThat(Distribution.parse(alias).min()).as(alias).isEqualTo(1);
        }
    }

    @Test
    void everyDrawLiesInTheRangeAndTheSameSeedDrawsTheSameValue() {
        for (String spec : new String[] {"uniform(5..9)", "exp(1..1000)", "extreme(1..500,1.5)",
                "qextreme(1..500,1.5,10)", "gaussian(10..20)", "gaussian(10..20,15,1)", "~exp(1..1000)"}) {
            Distribution d = Distribution.parse(spec);
            for (long v : draws(spec, 5000)) {
                assertThat(v).as(spec).isBetween(d.min(), d.max());
            }
            assertThat(d.sample(42)).isEqualTo(d.sample(42));
        }
    }

    @Test
    void shapesAreTheirOwn() {
        // uniform: every value about equally often, mean in the middle
        long[] uniform = draws("uniform(1..10)", 20_000);
        int[] counts = new int[11];
        for (long v : uniform) {
            counts[(int) v]++;
        }
        for (int v = 1; v <= 10; v++) {
            assertThat(counts[v]).as("value " + v).isBetween(1700, 2300);
        }
        // exp: most draws low; inverted: most draws high
        assertThat(mean(draws("exp(1..1000)", 20_000))).isLessThan(300);
        assertThat(mean(draws("~exp(1..1000)", 20_000))).isGreaterThan(700);
        // gaussian(1..100): mean in the middle, 3 standard deviations to each edge
        long[] gauss = draws("gaussian(1..100)", 20_000);
        assertThat(mean(gauss)).isBetween(49.0, 52.0);
        long within = java.util.Arrays.stream(gauss).filter(v -> Math.abs(v - 50.5) <= 16.5).count();
        assertThat(within / 20_000.0).as("share within one standard deviation").isBetween(0.64, 0.72);
        // explicit mean and standard deviation
        assertThat(mean(draws("gaussian(1..100,20,5)", 20_000))).isBetween(19.0, 21.0);
    }

    @Test
    void mistakesSayWhat() {
        assertThatThrownBy(() -> Distribution.parse("zipf(1..10)")).hasMessageContaining("unknown distribution 'zipf'");
        assertThatThrownBy(() -> Distribution.parse("uniform(10..1)")).hasMessageContaining("empty range");
        assertThatThrownBy(() -> Distribution.parse("uniform(1..x)")).hasMessageContaining("does not parse");
        assertThatThrownBy(() -> Distribution.parse("extreme(1..10)")).hasMessageContaining("wrong parameters");
        assertThatThrownBy(() -> Distribution.parse("uniform 1..10")).hasMessageContaining("is not a distribution");
    }
}
