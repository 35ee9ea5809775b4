package dev.cqlbench.result;

import java.util.Map;
import java.util.TreeMap;

/**
 * How an operation's attempts ended: how many it made, how many failed or read back wrong, and by which kind of
 * error. Written inside its operation's JSON, beside its other fields.
 *
 * @param count        operations attempted (rows, for a write of several rows per request)
 * @param errors       operations that failed or read back wrong, in its blocks and in the checks after them
 * @param errorsByKind the same, by kind of error; empty when none
 */
public record Outcomes(long count, long errors, Map<String, Long> errorsByKind) {

    public static final Outcomes NONE = new Outcomes(0, 0, Map.of());

    public Outcomes {
        errorsByKind = errorsByKind == null ? Map.of() : errorsByKind;
    }

    /** {@code count} operations, none failed. */
    public static Outcomes succeeded(long count) {
        return new Outcomes(count, 0, Map.of());
    }

    /** These outcomes and {@code other}'s, added up. */
    public Outcomes plus(Outcomes other) {
        Map<String, Long> byKind = new TreeMap<>(errorsByKind);
        other.errorsByKind.forEach((kind, n) -> byKind.merge(kind, n, Long::sum));
        return new Outcomes(count + other.count, errors + other.errors, byKind);
    }
}
