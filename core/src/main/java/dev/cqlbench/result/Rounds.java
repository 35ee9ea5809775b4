package dev.cqlbench.result;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * How the run's rounds (cycles) went: how many ran, why no more did, and how often the run looked at its data.
 *
 * @param run                  rounds every live variant finished
 * @param stoppedBecause       "answered", "futile", "time limit", "planned rounds done", "last cycle", "stopped" or
 *                             "every variant failed"
 * @param serverIdleCpuPercent the servers' CPU while no client asked anything, percent of one core, read between
 *                             rounds and subtracted from the servers' CPU per operation; null where not read
 * @param forks                JVMs each variant ran in
 * @param sequential           how the run looked at its data
 * @param settling             rounds run first and left out, until every JVM had settled
 * @param seconds              wall time the rounds took, settling included (0 in results of earlier versions)
 * @param futile               the primary questions the run stopped without, as no round it could still run would
 *                             have settled them ("futile"); empty otherwise (descriptive ones it stopped without are
 *                             not named)
 */
public record Rounds(int run, String stoppedBecause, Double serverIdleCpuPercent, int forks,
                     @JsonUnwrapped Sequential sequential, int settling, double seconds, List<String> futile) {

    /**
     * The sequential design a run followed: how often it looked whether its questions were answered.
     *
     * @param precision    the margin asked for (0: none)
     * @param looks        the rounds after which the run looked whether its questions were answered
     * @param plannedLooks analyses the run planned, its end's included
     * @param share        the share of its family's error a primary interval of the result spends, for a reader: its
     *                     last analysis's nominal error over a single analysis's (results of format 4 and earlier: the
     *                     share their union over looks gave it, which is how they are read)
     * @param planned      the measured rounds the run planned before its first look, which place its looks and their
     *                     boundaries; null in results of earlier versions
     * @param batch        the rounds of each measure's long-run-variance batch, frozen at the first look
     *                     ({@link Batches#CHOSEN}: chosen from the data at the end)
     */
    public record Sequential(double precision, List<Integer> looks, int plannedLooks, double share, Integer planned,
                             Batches batch) {
        public Sequential {
            looks = looks == null ? List.of() : List.copyOf(looks);
            plannedLooks = Math.max(1, plannedLooks);
            share = share <= 0 || share > 1 ? 1 : share;
            batch = batch == null ? Batches.CHOSEN : batch;
        }

        /** One analysis, at the end, of rounds not planned ahead. */
        public static Sequential once(double precision) {
            return new Sequential(precision, List.of(), 1, 1, null, Batches.CHOSEN);
        }
    }

    public static final String ANSWERED = "answered";
    public static final String TIME_LIMIT = "time limit";
    public static final String LAST_CYCLE = "last cycle";
    /** The rounds the run planned before its first look are done (its last analysis spends what its looks left). */
    public static final String PLANNED = "planned rounds done";
    public static final String STOPPED = "stopped";
    /** Every question still open (primary or descriptive) could not have been answered within the rounds left. */
    public static final String FUTILE = "futile";
    /** Every variant failed. */
    public static final String FAILED = "every variant failed";

    public double precision() {
        return sequential.precision();
    }

    public List<Integer> looks() {
        return sequential.looks();
    }

    public int plannedLooks() {
        return sequential.plannedLooks();
    }

    public double share() {
        return sequential.share();
    }

    public Integer planned() {
        return sequential.planned();
    }

    public Batches batch() {
        return sequential.batch();
    }

    /**
     * Why the run stopped, as a report says it: a question neither answered nor still answerable is "not decided",
     * the one word the reports use for it ("futile" stays the stored reason).
     */
    public String said() {
        return FUTILE.equals(stoppedBecause) ? "the questions not decided could not be decided within the rounds left"
                : stoppedBecause;
    }

    /** Whether the run's last analysis was one of its looks (it stopped there: answered, or futile). */
    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean stoppedAtLook() {
        return ANSWERED.equals(stoppedBecause) || FUTILE.equals(stoppedBecause);
    }

    public Rounds {
        forks = Math.max(1, forks);
        sequential = sequential == null ? Sequential.once(0) : sequential;
        futile = futile == null ? List.of() : List.copyOf(futile);
    }
}
