package dev.cqlbench.runner;

import dev.cqlbench.result.OperationCounts;
import dev.cqlbench.result.Verification;
import java.util.concurrent.atomic.LongAdder;

/** Counts what a runner compared and what differed, for the {@link Verification} of one operation. */
public final class Checked {

    private final LongAdder checked = new LongAdder();
    private final LongAdder differed = new LongAdder();
    private final LongAdder unverifiable = new LongAdder();

    /** {@code check}, counted: every call is a value compared, every non-null answer a difference. */
    public TimedBlock.Check counting(TimedBlock.Check check) {
        return (i, result) -> {
            String wrong = check.verify(i, result);
            compared(wrong != null);
            return wrong;
        };
    }

    /** One value compared; {@code wrong} when it differed. */
    public void compared(boolean wrong) {
        checked.increment();
        if (wrong) {
            differed.increment();
        }
    }

    /** {@code n} values compared, {@code wrong} of them differed. */
    public void compared(long n, long wrong) {
        checked.add(n);
        differed.add(wrong);
    }

    /** An acknowledged write whose read-back failed: neither right nor wrong. */
    public void unverifiable() {
        unverifiable.increment();
    }

    /** Adds the counts to the tally's. */
    public void countIn(Tally tally) {
        tally.count(OperationCounts.checked(checked.sum(), differed.sum(), unverifiable.sum()));
    }
}
