package dev.cqlbench.result;

import java.util.List;

/**
 * What one variant checked of the data it wrote and read: values compared with what the generator says they must
 * be (the reads of the run as they complete and, with {@code --verify}, every acknowledged write read back after
 * its timed section). Runners count each check once, in the counts of one operation.
 *
 * @param checked      values compared (reads checked, rows, records or orders read back)
 * @param differed     of those, how many were missing or different: must be 0
 * @param unverifiable acknowledged writes whose read-back failed: neither right nor wrong, so not counted above
 */
public record Verification(long checked, long differed, long unverifiable) {

    public static final Verification NONE = new Verification(0, 0, 0);

    /** Adds up the checks counted in a variant's operations. */
    public static Verification of(List<OperationResult> operations) {
        Verification all = NONE;
        for (OperationResult op : operations == null ? List.<OperationResult>of() : operations) {
            all = all.plus(op.counts().verification());
        }
        return all;
    }

    public Verification plus(Verification other) {
        return new Verification(checked + other.checked, differed + other.differed,
                unverifiable + other.unverifiable);
    }
}
