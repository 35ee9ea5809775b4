package dev.cqlbench.analysis;

import dev.cqlbench.run.Defaults;

/**
 * Where a run's measuring begins: after its settling rounds, which run and are left out, as JMH leaves out its
 * warm-up iterations. Each JVM (fork) says from its own warm-up signal, once, when it has settled: the first
 * settling round in which its JIT compiler spent at most {@link #QUIET_SHARE} of its blocks' time compiling (code the
 * measured loop reaches for the first time is still being compiled, and runs slower, until then). The run settles at
 * least {@link Defaults#SETTLING_ROUNDS} rounds, then until every fork has settled, at most
 * {@link Defaults#MAX_SETTLING_ROUNDS}; a fork once settled stays so, and nothing measured after is cut again.
 */
public final class Settling {

    /**
     * A round in which a fork compiled at most this share of its blocks' time is quiet: the criterion the worker's
     * warm-up ends on. (Quieter never comes soon: on the 2-core host the C2 compiler of a crud worker still spends
     * 30 % of its blocks' time compiling 10 rounds in, and 5 % a hundred rounds in, while the ratio of two libraries
     * shows no trend over those rounds.)
     */
    public static final double QUIET_SHARE = 0.10;

    private final int least;
    private final int most;
    private final boolean[] settled;
    private int rounds;

    /** For {@code forks} JVMs in a run whose plan settles {@code least} rounds at least. */
    public Settling(int forks, int least) {
        this.least = least;
        this.most = least == 0 ? 0 : Math.max(least, Defaults.MAX_SETTLING_ROUNDS);
        this.settled = new boolean[forks];
    }

    /** Whether a fork's round was quiet: its JIT compiled for at most {@link #QUIET_SHARE} of {@code blockMillis}. */
    public static boolean quiet(long jitMillis, double blockMillis) {
        return jitMillis < 0 || jitMillis <= QUIET_SHARE * blockMillis;
    }

    /** A settling round ended: {@code quiet[k]} whether fork k's round was quiet. */
    public void round(boolean[] quiet) {
        rounds++;
        for (int k = 0; k < settled.length; k++) {
            settled[k] |= quiet[k];
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
