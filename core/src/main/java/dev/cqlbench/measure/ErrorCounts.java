package dev.cqlbench.measure;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.LongAdder;

/** Failed operations counted by kind (exception class, or a verification failure); never dropped. */
public final class ErrorCounts {

    public static final String READ_MISSING = "ReadMissing";
    public static final String READ_MISMATCH = "ReadMismatch";
    /** An acknowledged write whose row is not in the table when it is read back. */
    public static final String ROW_MISSING = "RowMissing";
    /** A row in the table that no write of the cell wrote, or with other values than written. */
    public static final String ROW_WRONG = "RowWrong";
    /** An order (hatshop) the database holds differently from what the event stream implies. */
    public static final String STATE_MISMATCH = "StateMismatch";
    /** Every kind that means data did not read back as written. */
    public static final java.util.Set<String> VERIFICATION_KINDS = java.util.Set.of(READ_MISSING, READ_MISMATCH,
            ROW_MISSING, ROW_WRONG, STATE_MISMATCH);

    private final ConcurrentHashMap<String, LongAdder> byKind = new ConcurrentHashMap<>();

    public void count(String kind) {
        byKind.computeIfAbsent(kind, k -> new LongAdder()).increment();
    }

    public void count(String kind, long n) {
        if (n > 0) {
            byKind.computeIfAbsent(kind, k -> new LongAdder()).add(n);
        }
    }

    public void count(Throwable failure) {
        count(kindOf(failure));
    }

    public long total() {
        return byKind.values().stream().mapToLong(LongAdder::sum).sum();
    }

    public Map<String, Long> snapshot() {
        Map<String, Long> out = new TreeMap<>();
        byKind.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    /** The simple class name of the root failure, unwrapping the wrappers futures add. */
    public static String kindOf(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName();
    }
}
