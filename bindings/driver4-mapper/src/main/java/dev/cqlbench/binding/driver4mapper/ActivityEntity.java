package dev.cqlbench.binding.driver4mapper;

import com.datastax.oss.driver.api.mapper.annotations.CqlName;
import com.datastax.oss.driver.api.mapper.annotations.Entity;
import java.time.Instant;
import java.util.Map;

/**
 * Study 02's row, all 12 columns (column names follow from the field names, snake_case): the summary's three,
 * inherited (an entity inherits its parent's annotated properties), and the nine others.
 */
@Entity
@CqlName("activities")
public class ActivityEntity extends ActivitySummaryEntity {
    private String assetId;
    private Map<String, String> attrs;
    private Instant creationTime;
    private String customerId;
    private Instant endTime;
    private Instant lastModifiedTime;
    private String personId;
    private String poiId;
    private Instant startTime;

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
