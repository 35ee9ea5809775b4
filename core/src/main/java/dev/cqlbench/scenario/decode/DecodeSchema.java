package dev.cqlbench.scenario.decode;

import dev.cqlbench.binding.Activity;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Study 02's table and its single skinny row, value for value. */
public final class DecodeSchema {

    public static final String TABLE = "activities";

    /** Column name → CQL type, in table order. */
    public static final List<String[]> COLUMNS = List.of(
            new String[] {"activity_id", "uuid"},
            new String[] {"activity_model_id", "bigint"},
            new String[] {"activity_state", "text"},
            new String[] {"asset_id", "text"},
            new String[] {"attrs", "map<text, text>"},
            new String[] {"creation_time", "timestamp"},
            new String[] {"customer_id", "text"},
            new String[] {"end_time", "timestamp"},
            new String[] {"last_modified_time", "timestamp"},
            new String[] {"person_id", "text"},
            new String[] {"poi_id", "text"},
            new String[] {"start_time", "timestamp"});

    public static final Activity STUDY_ROW = studyRow();

    private DecodeSchema() {}

    public static String createTable(String keyspace) {
        StringBuilder cql = new StringBuilder("CREATE TABLE IF NOT EXISTS " + keyspace + "." + TABLE + " (");
        for (String[] column : COLUMNS) {
            cql.append(column[0]).append(' ').append(column[1]).append(", ");
        }
        return cql.append("PRIMARY KEY (activity_id))").toString();
    }

    /** The INSERT of the study's row with literal values (no driver needed to write it). */
    public static String insertStudyRow(String keyspace) {
        Activity a = STUDY_ROW;
        StringBuilder attrs = new StringBuilder("{");
        a.attrs().forEach((k, v) -> attrs.append(attrs.length() > 1 ? ", " : "").append(quote(k)).append(": ")
                .append(quote(v)));
        attrs.append('}');
        return "INSERT INTO " + keyspace + "." + TABLE + " (activity_id, activity_model_id, activity_state, asset_id, "
                + "attrs, creation_time, customer_id, end_time, last_modified_time, person_id, poi_id, start_time) "
                + "VALUES (" + a.activityId() + ", " + a.activityModelId() + ", " + quote(a.activityState()) + ", "
                + quote(a.assetId()) + ", " + attrs + ", " + a.creationTime().toEpochMilli() + ", "
                + quote(a.customerId()) + ", " + a.endTime().toEpochMilli() + ", "
                + a.lastModifiedTime().toEpochMilli() + ", " + quote(a.personId()) + ", null, "
                + a.startTime().toEpochMilli() + ")";
    }

    private static String quote(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    private static Activity studyRow() {
        Map<String, String> attrs = new LinkedHashMap<>();
        attrs.put("businessDrive", "1:1");
        attrs.put("customer", "4:test_test_test");
        attrs.put("distance", "3:180");
        attrs.put("endLocation", "6:15.7437466839,15.9846853333,0.0000000000");
        attrs.put("fromAddress", "4:XX1");
        attrs.put("locked", "1:0");
        attrs.put("reason", "4:Some reason 2");
        attrs.put("startLocation", "6:15.7364385831,15.0071729736,0.0000000000");
        attrs.put("toAddress", "4:YY2");
        return new Activity(UUID.fromString("72b493f0-e59d-11e3-9bd6-0050568317c1"), 66, "DONE",
                "8400848739855200000", Map.copyOf(attrs), OffsetDateTime.parse("2014-05-27T14:50:14+02:00").toInstant(),
                "8400768435301400000", OffsetDateTime.parse("2014-05-27T12:15:40+02:00").toInstant(),
                OffsetDateTime.parse("2014-05-29T21:30:44+02:00").toInstant(), "8401111750365200000", null,
                OffsetDateTime.parse("2014-05-27T12:13:05+02:00").toInstant());
    }
}
