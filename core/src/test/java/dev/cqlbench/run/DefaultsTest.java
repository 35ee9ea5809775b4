package dev.cqlbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DefaultsTest {

    private static final int CYCLES = 400;

    @Test
    void aRunWhoseSettlingGivesEachJvmEnoughWarmsItTheShortestCap() {
        // two libraries, two JVMs each, 480 s: a quarter of it is 30 s of settling for each JVM
        assertThat(Defaults.warmupMillis(4, CYCLES, Defaults.MAX_TIME_SECONDS))
                .isEqualTo(Defaults.JIT_QUIET_WARMUP_LEAST_MILLIS);
        // no time limit: the settling rounds go on until every compiler is quiet (at most their own cap)
        assertThat(Defaults.warmupMillis(14, CYCLES, 0)).isEqualTo(Defaults.JIT_QUIET_WARMUP_LEAST_MILLIS);
        // a run too short to settle (a smoke run of a few rounds) is not warmed for settling either
        assertThat(Defaults.warmupMillis(14, Defaults.SETTLED_RUN - 1, 120))
                .isEqualTo(Defaults.JIT_QUIET_WARMUP_LEAST_MILLIS);
    }

    @Test
    void aShortRunOfManyJvmsWarmsThemWhatItsSettlingCannot() {
        // seven libraries' profile in 120 s: 14 JVMs settle 30/14 s each, warm up to 40 − 2.14 s
        assertThat(Defaults.warmupMillis(14, CYCLES, 120)).isEqualTo(37_857);
        // more JVMs or less time: longer, never beyond the whole warming
        assertThat(Defaults.warmupMillis(18, CYCLES, 120)).isGreaterThan(Defaults.warmupMillis(14, CYCLES, 120));
        assertThat(Defaults.warmupMillis(14, CYCLES, 60)).isGreaterThan(Defaults.warmupMillis(14, CYCLES, 120));
        assertThat(Defaults.warmupMillis(1000, CYCLES, 1)).isLessThanOrEqualTo(Defaults.WARMING_SECONDS * 1000L);
        // in between, the cap falls as the settling each JVM gets grows
        assertThat(Defaults.warmupMillis(18, CYCLES, 480)).isBetween(Defaults.JIT_QUIET_WARMUP_LEAST_MILLIS + 1,
                Defaults.warmupMillis(18, CYCLES, 240) - 1);
    }
}
