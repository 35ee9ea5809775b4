package dev.cqlbench.result;

/**
 * How the run's rounds (cycles) went: how many ran and why no more did.
 *
 * @param run                  rounds every live variant finished
 * @param stoppedBecause       "precision met", "time limit", "last cycle" or "stopped"
 * @param precision            the relative half-width asked for (0: none)
 * @param serverIdleCpuPercent the servers' CPU while no client asked anything, percent of one core, read between
 *                             rounds and subtracted from the servers' CPU per operation; null where not read
 */
public record Rounds(int run, String stoppedBecause, double precision, Double serverIdleCpuPercent) {

    public static final String PRECISION_MET = "precision met";
    public static final String TIME_LIMIT = "time limit";
    public static final String LAST_CYCLE = "last cycle";
    public static final String STOPPED = "stopped";
}
