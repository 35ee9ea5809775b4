package dev.cqlbench.binding;

import java.util.UUID;

/**
 * The decode scenario (study 02): read one row by key and decode it into the library's own object. The
 * runner times {@code read*}; it converts with {@code to*} afterwards, outside the timed section, to check
 * the values, so a mapper is not charged for a conversion the native driver does not do.
 */
public interface ActivityReader {

    /** SELECT of all 12 columns, decoded into the library's object (entity, record, …). */
    Object readActivity(UUID activityId) throws Exception;

    /** SELECT of activity_id, activity_model_id, activity_state, decoded into the library's object. */
    Object readSummary(UUID activityId) throws Exception;

    Activity toActivity(Object decoded);

    ActivitySummary toSummary(Object decoded);

    /** A reader that decodes into {@link Activity} and {@link ActivitySummary} themselves: nothing to convert. */
    interface OfRecords extends ActivityReader {

        @Override
        default Activity toActivity(Object decoded) {
            return (Activity) decoded;
        }

        @Override
        default ActivitySummary toSummary(Object decoded) {
            return (ActivitySummary) decoded;
        }
    }

    /** The decode operations on {@code keyspace.activities}, statements prepared where the library prepares. */
    record On(String keyspace) implements Capability<ActivityReader> {
        @Override
        public Class<ActivityReader> type() {
            return ActivityReader.class;
        }
    }
}
