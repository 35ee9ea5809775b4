package dev.cqlbench.scenario.decode;

import dev.cqlbench.binding.Activity;
import dev.cqlbench.binding.CqlTable;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/** Study 02's table and its single skinny row, value for value. */
public final class DecodeSchema {

    /** Study 02's activities, one skinny row per activity. */
    public static final CqlTable ACTIVITIES = CqlTable.of("activities", "activity_id uuid, activity_model_id bigint, "
            + "activity_state text, asset_id text, attrs map<text, text>, creation_time timestamp, customer_id text, "
            + "end_time timestamp, last_modified_time timestamp, person_id text, poi_id text, start_time timestamp",
            "activity_id", null);
    public static final String TABLE = ACTIVITIES.name();

    public static final Activity STUDY_ROW = studyRow();

    private DecodeSchema() {}

    public static String createTable(String keyspace) {
        return ACTIVITIES.create(keyspace);
    }

    /** The INSERT of the study's row with literal values (no driver needed to write it). */
    public static String insertStudyRow(String keyspace) {
        Activity a = STUDY_ROW;
        StringBuilder attrs = new StringBuilder("{");
        a.attrs().forEach((k, v) -> attrs.append(attrs.length() > 1 ? ", " : "").append(CqlTable.literal(k))
                .append(": ").append(CqlTable.literal(v)));
        attrs.append('}');
        return "INSERT INTO " + keyspace + "." + TABLE + " (" + String.join(", ", ACTIVITIES.columnNames())
                + ") VALUES (" + a.activityId() + ", " + a.activityModelId() + ", "
                + CqlTable.literal(a.activityState()) + ", " + CqlTable.literal(a.assetId()) + ", " + attrs + ", "
                + a.creationTime().toEpochMilli() + ", " + CqlTable.literal(a.customerId()) + ", "
                + a.endTime().toEpochMilli() + ", " + a.lastModifiedTime().toEpochMilli() + ", "
                + CqlTable.literal(a.personId()) + ", null, "
                + a.startTime().toEpochMilli() + ")";
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
