package dev.cqlbench.binding;

/** Study 04's table: time-series style, one partition per sensor, rows clustered by time. */
public final class WritesSchema {

    /** Marks the table as cqlbench's own: the scenario empties it before every cell. */
    public static final String COMMENT = "created by cqlbench (writes scenario): emptied before every cell";

    /** A sensor's readings in its partition, clustered by time. */
    public static final CqlTable READINGS = CqlTable.of("readings", "sensor bigint, ts timestamp, value double",
            "sensor, ts", CqlTable.comment(COMMENT));
    public static final String TABLE = READINGS.name();

    private WritesSchema() {}

    public static String createTable(String keyspace) {
        return READINGS.create(keyspace);
    }
}
