package dev.cqlbench.binding.driver3mapper;

import com.datastax.driver.mapping.annotations.Column;
import com.datastax.driver.mapping.annotations.PartitionKey;
import com.datastax.driver.mapping.annotations.Table;
import java.util.UUID;

/** The 3-column projection: the mapper selects only mapped columns. {@link ActivityDatastax} adds the nine others. */
@Table(name = "activities")
public class ActivitySummaryDatastax {
    @PartitionKey
    @Column(name = "activity_id")
    private UUID activityId;
    @Column(name = "activity_model_id")
    private long activityModelId;
    @Column(name = "activity_state")
    private String activityState;

    public UUID getActivityId() { return activityId; }
    public void setActivityId(UUID activityId) { this.activityId = activityId; }
    public long getActivityModelId() { return activityModelId; }
    public void setActivityModelId(long activityModelId) { this.activityModelId = activityModelId; }
    public String getActivityState() { return activityState; }
    public void setActivityState(String activityState) { this.activityState = activityState; }
}
