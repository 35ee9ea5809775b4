package dev.cqlbench.result;

import java.util.List;

/**
 * How the run's rounds (cycles) went: how many ran, why no more did, and how often the run looked at its data.
 *
 * @param run                  rounds every live variant finished
 * @param stoppedBecause       "answered", "futile", "time limit", "last cycle", "stopped" or "every variant failed"
 * @param precision            the margin asked for (0: none)
 * @param serverIdleCpuPercent the servers' CPU while no client asked anything, percent of one core, read between
 *                             rounds and subtracted from the servers' CPU per operation; null where not read
 * @param forks                JVMs each variant ran in
 * @param looks                the rounds after which the run looked whether its questions were answered
 * @param plannedLooks         looks the run planned (each spends 1/planned of the error)
 * @param share                the share of the error the result's intervals spend: 1/planned when the run stopped
 *                             at a look, else what its looks left
 * @param settling             rounds run first and left out, until every JVM had settled
 * @param seconds              wall time the rounds took, settling included (0 in results of earlier versions)
 * @param futile               the primary questions the run stopped without, as no round it could still run would
 *                             have settled them ("futile"); empty otherwise (descriptive ones it stopped without are
 *                             not named)
 */
public record Rounds(int run, String stoppedBecause, double precision, Double serverIdleCpuPercent, int forks,
                     List<Integer> looks, int plannedLooks, double share, int settling, double seconds,
                     List<String> futile) {

    public static final String ANSWERED = "answered";
    public static final String TIME_LIMIT = "time limit";
    public static final String LAST_CYCLE = "last cycle";
    public static final String STOPPED = "stopped";
    /** Every question still open (primary or descriptive) could not have been answered within the rounds left. */
    public static final String FUTILE = "futile";
    /** Every variant failed. */
    public static final String FAILED = "every variant failed";

    public Rounds {
        looks = looks == null ? List.of() : List.copyOf(looks);
        forks = Math.max(1, forks);
        plannedLooks = Math.max(1, plannedLooks);
        share = share <= 0 || share > 1 ? 1 : share;
        futile = futile == null ? List.of() : List.copyOf(futile);
    }
}
