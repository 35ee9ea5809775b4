package dev.cqlbench.binding;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/** Study 02's skinny row: the 12 columns of {@code activities}, as plain values for verification. */
public record Activity(
        UUID activityId,
        long activityModelId,
        String activityState,
        String assetId,
        Map<String, String> attrs,
        Instant creationTime,
        String customerId,
        Instant endTime,
        Instant lastModifiedTime,
        String personId,
        String poiId,
        Instant startTime) {

    /** The 3-column projection: activity_id, activity_model_id, activity_state. */
    public ActivitySummary summary() {
        return new ActivitySummary(activityId, activityModelId, activityState);
    }
}
