package dev.cqlbench.analysis;

import dev.cqlbench.run.Defaults;

/**
 * Where a run's measuring begins: after its settling rounds, which run and are left out, as JMH leaves out its
 * warm-up iterations. Each JVM (fork) says from its own JIT compiler, once, when it has settled: after
 * {@link #QUIET_ROUNDS} settling rounds in a row in which its compiler spent at most {@link #QUIET_SHARE} of its
 * blocks' time compiling (code the measured loop reaches for the first time, or differently from the warm-up, is
 * still being compiled, and runs slower, until then). The run settles at least {@link Defaults#SETTLING_ROUNDS} rounds,
 * then until every fork has settled, at most as many rounds as {@link Defaults#SETTLING_SHARE} of its time limit
 * holds ({@link #limit}; {@link Defaults#MAX_SETTLING_ROUNDS} without one); a fork once settled stays so, and nothing
 * measured after is cut again. On this host Spring Data's time over driver4 was +12.7 % in the 20 rounds after six
 * settling rounds and +2 to +7 % in the 380 after, while its compiler spent 15 to 160 % of its blocks' time
 * compiling in those first rounds: what the compiler says is what a run must wait for.
 */
public final class Settling {

    /** A round in which a fork compiled at most this share of its blocks' time is quiet. */
    public static final double QUIET_SHARE = 0.10;
    /** Quiet rounds in a row that settle a fork (one can fall in a lull of the compile queue). */
    public static final int QUIET_ROUNDS = 2;

    private final int least;
    private int most;
    private final int[] quietInARow;
    private final boolean[] settled;
    private int rounds;

    /** For {@code forks} JVMs in a run whose plan settles {@code least} rounds at least. */
    public Settling(int forks, int least) {
        this.least = least;
        this.most = least == 0 ? 0 : Math.max(least, Defaults.MAX_SETTLING_ROUNDS);
        this.settled = new boolean[forks];
        this.quietInARow = new int[forks];
    }

    /** Whether a fork's round was quiet: its JIT compiled for at most {@link #QUIET_SHARE} of {@code blockMillis}. */
    public static boolean quiet(long jitMillis, double blockMillis) {
        return jitMillis < 0 || jitMillis <= QUIET_SHARE * blockMillis;
    }

    /**
     * The most settling rounds, from the run's time limit and the pace of the settling rounds so far: what
     * {@link Defaults#SETTLING_SHARE} of {@code maxSeconds} holds at {@code secondsPerRound}, at least the least.
     */
    public void limit(double maxSeconds, double secondsPerRound) {
        if (least == 0 || maxSeconds <= 0 || secondsPerRound <= 0) {
            return;
        }
        most = Math.max(least, (int) Math.floor(Defaults.SETTLING_SHARE * maxSeconds / secondsPerRound));
    }

    /** A settling round ended: {@code quiet[k]} whether fork k's round was quiet. */
    public void round(boolean[] quiet) {
        rounds++;
        for (int k = 0; k < settled.length; k++) {
            quietInARow[k] = quiet[k] ? quietInARow[k] + 1 : 0;
            settled[k] |= quietInARow[k] >= QUIET_ROUNDS;
        }
    }

    /** Whether the next round settles too. */
    public boolean settling() {
        if (rounds < least) {
            return true;
        }
        return rounds < most && !settled();
    }

    /** Whether every fork has settled. */
    public boolean settled() {
        for (boolean s : settled) {
            if (!s) {
                return false;
            }
        }
        return true;
    }

    /** Settling rounds run so far. */
    public int rounds() {
        return rounds;
    }
}
