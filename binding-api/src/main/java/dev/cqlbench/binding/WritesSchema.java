package dev.cqlbench.binding;

import java.util.List;

/** Study 04's table: time-series style, one partition per sensor, rows clustered by time. */
public final class WritesSchema {

    public static final String TABLE = "readings";

    public static final List<String[]> COLUMNS = List.of(
            new String[] {"sensor", "bigint"},
            new String[] {"ts", "timestamp"},
            new String[] {"value", "double"});

    /** Marks the table as cqlbench's own: the scenario empties it before every cell. */
    public static final String COMMENT = "created by cqlbench (writes scenario): emptied before every cell";

    private WritesSchema() {}

    public static String createTable(String keyspace) {
        return "CREATE TABLE IF NOT EXISTS " + keyspace + "." + TABLE
                + " (sensor bigint, ts timestamp, value double, PRIMARY KEY (sensor, ts)) WITH comment = '"
                + COMMENT + "'";
    }
}
