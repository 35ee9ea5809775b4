package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.mapper.annotations.CqlName;
import com.datastax.oss.driver.api.mapper.annotations.Entity;
import com.datastax.oss.driver.api.mapper.annotations.PartitionKey;
import java.util.UUID;

/**
 * The 3-column projection of study 02's row: the mapper selects only the mapped columns. {@link ActivityEntity} adds
 * the nine others.
 */
@Entity
@CqlName("activities")
public class ActivitySummaryEntity {
    @PartitionKey
    private UUID activityId;
    private long activityModelId;
    private String activityState;

    public UUID getActivityId() { return activityId; }
    public void setActivityId(UUID activityId) { this.activityId = activityId; }
    public long getActivityModelId() { return activityModelId; }
    public void setActivityModelId(long activityModelId) { this.activityModelId = activityModelId; }
    public String getActivityState() { return activityState; }
    public void setActivityState(String activityState) { this.activityState = activityState; }
}
