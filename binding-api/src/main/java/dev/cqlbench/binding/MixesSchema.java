package dev.cqlbench.binding;

import java.util.ArrayList;
import java.util.List;
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

    public static List<String[]> columns(int fieldCount) {
        List<String[]> out = new ArrayList<>();
        out.add(new String[] {"y_id", "text"});
        for (int i = 0; i < fieldCount; i++) {
            out.add(new String[] {field(i), "text"});
        }
        return out;
    }

    public static String createTable(String keyspace, int fieldCount) {
        return "CREATE TABLE IF NOT EXISTS " + keyspace + "." + TABLE + " (y_id text PRIMARY KEY, "
                + IntStream.range(0, fieldCount).mapToObj(i -> field(i) + " text").collect(Collectors.joining(", "))
                + ") WITH comment = '" + COMMENT + "'";
    }
}
