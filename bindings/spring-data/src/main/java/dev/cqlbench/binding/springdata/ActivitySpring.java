package dev.cqlbench.binding.springdata;

import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.springframework.data.cassandra.core.mapping.Column;
import org.springframework.data.cassandra.core.mapping.PrimaryKey;
import org.springframework.data.cassandra.core.mapping.Table;

/** Study 02's row, all 12 columns. */
@Table("activities")
public class ActivitySpring {
    @PrimaryKey("activity_id")
    private UUID activityId;
    @Column("activity_model_id")
    private long activityModelId;
    @Column("activity_state")
    private String activityState;
    @Column("asset_id")
    private String assetId;
    @Column("attrs")
    private Map<String, String> attrs;
    @Column("creation_time")
    private Instant creationTime;
    @Column("customer_id")
    private String customerId;
    @Column("end_time")
    private Instant endTime;
    @Column("last_modified_time")
    private Instant lastModifiedTime;
    @Column("person_id")
    private String personId;
    @Column("poi_id")
    private String poiId;
    @Column("start_time")
    private Instant startTime;

    public UUID getActivityId() { return activityId; }
    public void setActivityId(UUID activityId) { this.activityId = activityId; }
    public long getActivityModelId() { return activityModelId; }
    public void setActivityModelId(long activityModelId) { this.activityModelId = activityModelId; }
    public String getActivityState() { return activityState; }
    public void setActivityState(String activityState) { this.activityState = activityState; }
    public String getAssetId() { return assetId; }
    public void setAssetId(String assetId) { this.assetId = assetId; }
    public Map<String, String> getAttrs() { return attrs; }
    public void setAttrs(Map<String, String> attrs) { this.attrs = attrs; }
    public Instant getCreationTime() { return creationTime; }
    public void setCreationTime(Instant creationTime) { this.creationTime = creationTime; }
    public String getCustomerId() { return customerId; }
    public void setCustomerId(String customerId) { this.customerId = customerId; }
    public Instant getEndTime() { return endTime; }
    public void setEndTime(Instant endTime) { this.endTime = endTime; }
    public Instant getLastModifiedTime() { return lastModifiedTime; }
    public void setLastModifiedTime(Instant lastModifiedTime) { this.lastModifiedTime = lastModifiedTime; }
    public String getPersonId() { return personId; }
    public void setPersonId(String personId) { this.personId = personId; }
    public String getPoiId() { return poiId; }
    public void setPoiId(String poiId) { this.poiId = poiId; }
    public Instant getStartTime() { return startTime; }
    public void setStartTime(Instant startTime) { this.startTime = startTime; }
}
