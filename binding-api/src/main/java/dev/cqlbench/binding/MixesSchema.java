package dev.cqlbench.binding;

import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** YCSB's table: {@code usertable (y_id text PRIMARY KEY, field0 … field<n-1> text)}. */
public final class MixesSchema {

    public static final String TABLE = "usertable";
    /** Marks the table as cqlbench's own: the scenario empties it before every workload's load. */
    public static final String COMMENT = "created by cqlbench (mixes scenario): emptied before every load";

    private MixesSchema() {}

    public static String field(int i) {
        return "field" + i;
    }

    public static String fieldList(int fieldCount) {
        return IntStream.range(0, fieldCount).mapToObj(MixesSchema::field).collect(Collectors.joining(", "));
    }

    /** The table with {@code fieldCount} fields. */
    public static CqlTable table(int fieldCount) {
        return CqlTable.of(TABLE, "y_id text, " + IntStream.range(0, fieldCount).mapToObj(i -> field(i) + " text")
                .collect(Collectors.joining(", ")), "y_id", CqlTable.comment(COMMENT));
    }
}
