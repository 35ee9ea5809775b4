package dev.cqlbench.run;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/** Copies of maps that a result stores or a report prints, iterated in one order whatever JVM reads them. */
public final class Maps {

    private Maps() {}

    /**
     * An unmodifiable copy iterated in its keys' order (empty for null): unlike {@code Map.copyOf}, whose order
     * changes from one JVM to the next, so that the same result prints and writes the same way every time.
     */
    public static <K extends Comparable<? super K>, V> Map<K, V> sorted(Map<K, V> map) {
        return map == null || map.isEmpty() ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(map));
    }
}
