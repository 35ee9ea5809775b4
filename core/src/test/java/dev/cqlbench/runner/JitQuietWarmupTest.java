package dev.cqlbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class JitQuietWarmupTest {

    /** Long rounds: two quiet ones in a row end it, as the rule round by round did. */
    @Test
    void twoQuietLongRoundsAreAQuietWindow() {
        JitQuietWarmup.Window window = new JitQuietWarmup.Window();
        assertThat(window.quietAfter(5_000, 5_000, 2_000)).isFalse();
        assertThat(window.quietAfter(5_000, 5_000, 300)).isFalse(); // 2,300 of 10,000: the busy round is still in it
        assertThat(window.quietAfter(5_000, 5_000, 300)).isTrue();
    }

    /**
     * A JVM on a quarter of a CPU (eight warming on two): a compiler busy all the time takes at most a quarter of the
     * wall time, yet most of the JVM's own CPU; that is not quiet. Once it takes a tenth of the JVM's CPU, it is.
     */
    @Test
    void quietIsAShareOfTheJvmsOwnCpuNotOfTheWallTime() {
        JitQuietWarmup.Window window = new JitQuietWarmup.Window();
        assertThat(window.quietAfter(2_000, 500, 300)).isFalse();
        assertThat(window.quietAfter(2_000, 500, 300)).isFalse(); // 600 of 4,000 wall, but 600 of 1,000 CPU
        assertThat(window.quietAfter(2_000, 500, 40)).isFalse(); // 340 of 1,000
        assertThat(window.quietAfter(2_000, 500, 40)).isTrue(); // 80 of 1,000
    }

    /** One round, however quiet, is no window. */
    @Test
    void oneRoundIsNoWindow() {
        assertThat(new JitQuietWarmup.Window().quietAfter(60_000, 60_000, 0)).isFalse();
    }

    /**
     * Short rounds: a compile of 400 ms in a round of 1.5 s would make it busy round by round (27 %), but over the 4 s
     * the window spans it is one tenth; the window is quiet only once it spans 4 s.
     */
    @Test
    void shortRoundsAreJudgedOverTheWindowNotOneByOne() {
        JitQuietWarmup.Window window = new JitQuietWarmup.Window();
        assertThat(window.quietAfter(1_500, 1_500, 0)).isFalse();
        assertThat(window.quietAfter(1_500, 1_500, 0)).isFalse(); // 3 s: not yet a window
        assertThat(window.quietAfter(1_500, 1_500, 400)).isTrue(); // 400 of 4,500
        assertThat(window.quietAfter(1_500, 1_500, 400)).isFalse(); // 800 of 4,500 once the oldest has left
        assertThat(window.quietAfter(1_500, 1_500, 0)).isFalse(); // still both compiles in its 4,500
        assertThat(window.quietAfter(1_500, 1_500, 0)).isTrue(); // the first compile has left: 400 of 4,500
    }

    /** The run ends at its limit when the compiler never goes quiet, and after one round with no limit. */
    @Test
    void theLimitEndsAWarmupThatIsNeverQuiet() {
        AtomicInteger rounds = new AtomicInteger();
        JitQuietWarmup.run(0, () -> false, n -> rounds.incrementAndGet());
        assertThat(rounds).hasValue(1);
        rounds.set(0);
        JitQuietWarmup.run(60_000, () -> rounds.get() == 3, n -> rounds.incrementAndGet());
        assertThat(rounds).hasValue(3);
    }
}
