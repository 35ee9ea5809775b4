package dev.cqlbench.binding;

import java.util.UUID;

/** Study 02's narrow read: activity_id, activity_model_id, activity_state. */
public record ActivitySummary(UUID activityId, long activityModelId, String activityState) {}
