package dev.cqlbench.binding.driver4;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import dev.cqlbench.binding.Activity;
import dev.cqlbench.binding.ActivityReader;
import dev.cqlbench.binding.ActivitySummary;
import java.util.Map;
import java.util.UUID;

/**
 * Study 02 on the native driver: prepared SELECTs, each row decoded by hand into a record. The decoding is public
 * for the decode-path benchmark (bench/).
 */
public final class Driver4ActivityReader implements ActivityReader.OfRecords {

    public static final String ALL_COLUMNS = "activity_id, activity_model_id, activity_state, asset_id, attrs, "
            + "creation_time, customer_id, end_time, last_modified_time, person_id, poi_id, start_time";
    public static final String SUMMARY_COLUMNS = "activity_id, activity_model_id, activity_state";

    /** Built once: {@code getMap(i, String.class, String.class)} builds a GenericType per call (README). */
    private static final GenericType<Map<String, String>> ATTRS = GenericType.mapOf(String.class, String.class);

    private final CqlSession session;
    private final PreparedStatement full;
    private final PreparedStatement summary;

    Driver4ActivityReader(CqlSession session, String keyspace) {
        this.session = session;
        full = session.prepare("SELECT " + ALL_COLUMNS + " FROM " + keyspace + ".activities WHERE activity_id = ?");
        summary = session.prepare("SELECT " + SUMMARY_COLUMNS + " FROM " + keyspace + ".activities WHERE activity_id = ?");
    }

    @Override
    public Object readActivity(UUID activityId) {
        Row row = session.execute(full.bind(activityId)).one();
        return row == null ? null : activity(row);
    }

    /** A row of {@link #ALL_COLUMNS}, decoded. */
    public static Activity activity(Row row) {
        return new Activity(row.getUuid(0), row.getLong(1), row.getString(2), row.getString(3),
                row.get(4, ATTRS), row.getInstant(5), row.getString(6), row.getInstant(7),
                row.getInstant(8), row.getString(9), row.getString(10), row.getInstant(11));
    }

    /** A row of {@link #SUMMARY_COLUMNS}, decoded. */
    public static ActivitySummary summary(Row row) {
        return new ActivitySummary(row.getUuid(0), row.getLong(1), row.getString(2));
    }

    @Override
    public Object readSummary(UUID activityId) {
        Row row = session.execute(summary.bind(activityId)).one();
        return row == null ? null : summary(row);
    }
}
