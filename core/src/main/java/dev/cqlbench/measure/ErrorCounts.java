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

    private final ConcurrentHashMap<String, LongAdder> byKind = new ConcurrentHashMap<>();

    public void count(String kind) {
        byKind.computeIfAbsent(kind, k -> new LongAdder()).increment();
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
