package dev.cqlbench.binding.springdata;

import java.util.UUID;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKey;
import org.springframework.data.cassandra.core.mapping.Table;

/** The 3-column projection: the template selects only the mapped columns. */
@Table("activities")
public class ActivitySummarySpring {
    @PrimaryKey("activity_id")
    private UUID activityId;
    @Column("activity_model_id")
    private long activityModelId;
    @Column("activity_state")
    private String activityState;

    public UUID getActivityId() { return activityId; }
    public void setActivityId(UUID activityId) { this.activityId = activityId; }
    public long getActivityModelId() { return activityModelId; }
    public void setActivityModelId(long activityModelId) { this.activityModelId = activityModelId; }
    public String getActivityState() { return activityState; }
    public void setActivityState(String activityState) { this.activityState = activityState; }
}
