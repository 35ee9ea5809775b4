package dev.cqlbench.run;

/**
 * When a run stops adding rounds (cycles) before the plan's last: at one of its looks ({@code Looks}), as soon as
 * every comparison its scenario asks is answered — different, or the same within the precision — or when the
 * measuring time runs out. A round is finished before either is checked, so every variant has run the same rounds.
 *
 * @param precision  the difference that does not matter (0.05: ±5 %): a comparison inside it is answered "the same";
 *                   every figure wider than it is marked; 0 runs every cycle
 * @param maxSeconds measuring time after which no new round starts; 0: no limit
 * @param sameConfidence the level at which "the same within the precision" holds, each of its two one-sided tests
 *                   ({@code --same-confidence}); 0 in results of earlier versions, which judged it at the family level
 */
public record Stopping(double precision, int maxSeconds, double sameConfidence) {

    /** "The same" at {@link Defaults#SAME_CONFIDENCE}. */
    public Stopping(double precision, int maxSeconds) {
        this(precision, maxSeconds, Defaults.SAME_CONFIDENCE);
    }

    public Stopping {
        if (sameConfidence != 0 && !(sameConfidence > 0.5 && sameConfidence < 1)) {
            throw new BadSetting("--same-confidence must be between 0.5 and 1 (0.95: each one-sided test errs at most "
                    + "5 %), got " + sameConfidence);
        }
        if (!(precision >= 0 && precision < 1)) {
            throw new BadSetting("--precision must be between 0 and 1 (0.05 is ±5 %), got " + precision);
        }
        if (maxSeconds < 0) {
            throw new BadSetting("--max-time must be at least 0 seconds, got " + maxSeconds);
        }
    }

    public static Stopping defaults() {
        return new Stopping(Defaults.PRECISION, Defaults.MAX_TIME_SECONDS);
    }

    /** Every cycle the plan has, whatever the precision. */
    public static Stopping fixed() {
        return new Stopping(0, 0);
    }

    public boolean adaptive() {
        return precision > 0;
    }

    /** The level of "the same": its own, or, in a result of an earlier version, {@code family}'s. */
    public double sameConfidence(double family) {
        return sameConfidence > 0 ? sameConfidence : family;
    }
}
