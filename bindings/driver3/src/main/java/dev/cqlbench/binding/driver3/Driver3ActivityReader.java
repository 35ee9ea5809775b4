package dev.cqlbench.binding.driver3;

import static com.datastax.driver.core.querybuilder.QueryBuilder.eq;

import com.datastax.driver.core.PreparedStatement;
import com.datastax.driver.core.Row;
import com.datastax.driver.core.Session;
import com.datastax.driver.core.Statement;
import com.datastax.driver.core.TypeTokens;
import com.datastax.driver.core.querybuilder.QueryBuilder;
import com.google.common.reflect.TypeToken;
import dev.cqlbench.binding.Activity;
import dev.cqlbench.binding.ActivityReader;
import dev.cqlbench.binding.ActivitySummary;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.UUID;

/** Study 02 on driver 3: each row decoded by hand into a record, through QueryBuilder or prepared SELECTs. */
public final class Driver3ActivityReader implements ActivityReader.OfRecords {

    private static final String[] ALL = {"activity_id", "activity_model_id", "activity_state", "asset_id", "attrs",
        "creation_time", "customer_id", "end_time", "last_modified_time", "person_id", "poi_id", "start_time"};
    private static final String[] SUMMARY = {"activity_id", "activity_model_id", "activity_state"};

    /** Built once: {@code getMap(i, String.class, String.class)} builds a TypeToken on every call (see README). */
    private static final TypeToken<Map<String, String>> ATTRS = TypeTokens.mapOf(String.class, String.class);

    private final Session session;
    private final String keyspace;
    private final PreparedStatement full;
    private final PreparedStatement summary;

    Driver3ActivityReader(Session session, String keyspace, boolean prepared) {
        this.session = session;
        this.keyspace = keyspace;
        this.full = prepared ? session.prepare("SELECT " + String.join(", ", ALL) + " FROM " + keyspace
                + ".activities WHERE activity_id = ?") : null;
        this.summary = prepared ? session.prepare("SELECT " + String.join(", ", SUMMARY) + " FROM " + keyspace
                + ".activities WHERE activity_id = ?") : null;
    }

    private Statement statement(PreparedStatement prepared, String[] columns, UUID id) {
        return prepared != null ? prepared.bind(id)
                : QueryBuilder.select(columns).from(keyspace, "activities").where(eq("activity_id", id));
    }

    @Override
    public Object readActivity(UUID activityId) {
        Row row = session.execute(statement(full, ALL, activityId)).one();
        return row == null ? null : activity(row);
    }

    /** A row of every column of the table, in table order, decoded (public for the decode-path benchmark). */
    public static Activity activity(Row row) {
        return new Activity(row.getUUID(0), row.getLong(1), row.getString(2), row.getString(3),
                row.get(4, ATTRS), instant(row.getTimestamp(5)), row.getString(6),
                instant(row.getTimestamp(7)), instant(row.getTimestamp(8)), row.getString(9), row.getString(10),
                instant(row.getTimestamp(11)));
    }

    @Override
    public Object readSummary(UUID activityId) {
        Row row = session.execute(statement(summary, SUMMARY, activityId)).one();
        return row == null ? null : summary(row);
    }

    /** A row of activity_id, activity_model_id, activity_state, decoded. */
    public static ActivitySummary summary(Row row) {
        return new ActivitySummary(row.getUUID(0), row.getLong(1), row.getString(2));
    }

    private static Instant instant(Date date) {
        return date == null ? null : date.toInstant();
    }
}
