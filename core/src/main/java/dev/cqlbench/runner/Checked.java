package dev.cqlbench.runner;

import dev.cqlbench.result.Verification;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/** Counts what a runner compared and what differed, for the {@link Verification} notes of one operation. */
final class Checked {

    final LongAdder checked = new LongAdder();
    final LongAdder differed = new LongAdder();
    final LongAdder unverifiable = new LongAdder();

    /** {@code check}, counted: every call is a value compared, every non-null answer a difference. */
    RepetitionLoop.Check counting(RepetitionLoop.Check check) {
        return (i, result) -> {
            checked.increment();
            String wrong = check.verify(i, result);
            if (wrong != null) {
                differed.increment();
            }
            return wrong;
        };
    }

    /** Adds the counts (those above zero) to {@code notes}. */
    Map<String, Long> addTo(Map<String, Long> notes) {
        Map<String, Long> out = new TreeMap<>(notes);
        put(out, Verification.CHECKED, checked.sum());
        put(out, Verification.DIFFERED, differed.sum());
        put(out, Verification.UNVERIFIABLE, unverifiable.sum());
        return out;
    }

    private static void put(Map<String, Long> notes, String key, long n) {
        if (n > 0) {
            notes.merge(key, n, Long::sum);
        }
    }
}
