package dev.cqlbench.result;

import java.util.List;
import java.util.Map;

/**
 * What one variant checked of the data it wrote and read: values compared with what the generator says they must
 * be (the reads of the run as they complete and, with {@code --verify}, every acknowledged write read back after
 * its timed section). Runners count each check once, in the notes of one operation.
 *
 * @param checked      values compared (reads checked, rows, records or orders read back)
 * @param differed     of those, how many were missing or different: must be 0
 * @param unverifiable acknowledged writes whose read-back failed: neither right nor wrong, so not counted above
 */
public record Verification(long checked, long differed, long unverifiable) {

    /** The note under which a runner counts the values it compared. */
    public static final String CHECKED = "checked";
    /** The note under which a runner counts the compared values that were missing or different. */
    public static final String DIFFERED = "differed";
    /** The note under which a runner counts acknowledged writes whose read-back failed. */
    public static final String UNVERIFIABLE = "unverifiable";
    /** The writes scenario's name for {@link #CHECKED} in results that predate {@link #CHECKED}. */
    public static final String ROWS_VERIFIED = "rowsVerified";

    public static final Verification NONE = new Verification(0, 0, 0);

    /** Adds up the checks noted in a variant's operations. */
    public static Verification of(List<OperationResult> operations) {
        long checked = 0;
        long differed = 0;
        long unverifiable = 0;
        for (OperationResult op : operations == null ? List.<OperationResult>of() : operations) {
            Map<String, Long> notes = op.notes() == null ? Map.of() : op.notes();
            checked += notes.getOrDefault(CHECKED, notes.getOrDefault(ROWS_VERIFIED, 0L));
            differed += notes.getOrDefault(DIFFERED, 0L);
            unverifiable += notes.getOrDefault(UNVERIFIABLE, 0L);
        }
        return new Verification(checked, differed, unverifiable);
    }

    public Verification plus(Verification other) {
        return new Verification(checked + other.checked, differed + other.differed,
                unverifiable + other.unverifiable);
    }
}
