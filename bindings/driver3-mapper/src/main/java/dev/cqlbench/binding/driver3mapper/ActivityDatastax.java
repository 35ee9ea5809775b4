package dev.cqlbench.binding.driver3mapper;

import com.datastax.driver.mapping.annotations.Column;
import com.datastax.driver.mapping.annotations.Table;
import java.util.Date;
import java.util.Map;

/**
 * Study 02's row, all 12 columns: the summary's three, inherited (the mapper scans a mapped class's ancestors for
 * annotated properties), and the nine others; driver 3 maps timestamp to java.util.Date.
 */
@Table(name = "activities")
public class ActivityDatastax extends ActivitySummaryDatastax {
    @Column(name = "asset_id")
    private String assetId;
    @Column(name = "attrs")
    private Map<String, String> attrs;
    @Column(name = "creation_time")
    private Date creationTime;
    @Column(name = "customer_id")
    private String customerId;
    @Column(name = "end_time")
    private Date endTime;
    @Column(name = "last_modified_time")
    private Date lastModifiedTime;
    @Column(name = "person_id")
    private String personId;
    @Column(name = "poi_id")
    private String poiId;
    @Column(name = "start_time")
    private Date startTime;

    public String getAssetId() { return assetId; }
    public void setAssetId(String assetId) { this.assetId = assetId; }
    public Map<String, String> getAttrs() { return attrs; }
    public void setAttrs(Map<String, String> attrs) { this.attrs = attrs; }
    public Date getCreationTime() { return creationTime; }
    public void setCreationTime(Date creationTime) { this.creationTime = creationTime; }
    public String getCustomerId() { return customerId; }
    public void setCustomerId(String customerId) { this.customerId = customerId; }
    public Date getEndTime() { return endTime; }
    public void setEndTime(Date endTime) { this.endTime = endTime; }
    public Date getLastModifiedTime() { return lastModifiedTime; }
    public void setLastModifiedTime(Date lastModifiedTime) { this.lastModifiedTime = lastModifiedTime; }
    public String getPersonId() { return personId; }
    public void setPersonId(String personId) { this.personId = personId; }
    public String getPoiId() { return poiId; }
    public void setPoiId(String poiId) { this.poiId = poiId; }
    public Date getStartTime() { return startTime; }
    public void setStartTime(Date startTime) { this.startTime = startTime; }
}
